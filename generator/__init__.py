"""Almanac: bilingual rules almanacs into records, checks, a site and night sheets."""

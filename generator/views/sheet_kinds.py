"""The kinds of night sheet, apart from the views that make them: the command line offers them
without loading what builds a sheet."""
from __future__ import annotations

NIGHTS = ("first", "other")
# How much of the almanac a row gives: short puts a one-line reminder (the script's own, the
# official one in the sheet's language) before the almanac's steps; full, the steps first.
DETAILS = ("short", "full")

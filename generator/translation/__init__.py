"""The translator's round trip: what a language lacks, and translations brought back in."""

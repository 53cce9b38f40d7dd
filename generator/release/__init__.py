"""The publisher's official data release: pinned, downloaded or taken from the user's files,
checked against its sums and kept whole in the user's data folder (`almanac official`)."""

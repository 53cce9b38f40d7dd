"""The gettext marker, below every stage: codes, labels and views mark their strings with it;
and the mark of a translation reviewed, the same in the almanac's stores and the UI catalogs."""
from __future__ import annotations

# A translator comment (`# reviewed`) marking a translation reviewed by a second person:
# msgmerge and msgcat keep translator comments, and update-po drops it when the source changes.
REVIEWED = "reviewed"


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "translate later"
    """Marks a string for extraction into the catalogs; it is translated where it is shown."""
    return message

"""The gettext marker, below every stage: codes, labels and views mark their strings with it."""
from __future__ import annotations


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "translate later"
    """Marks a string for extraction into the catalogs; it is translated where it is shown."""
    return message

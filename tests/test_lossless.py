"""Every non-blank line of every corpus file lands in a field, a consumed marker or a diagnostic."""
import pytest

from generator.read.corpus import decode
from tests.conftest import FILES, ROOT
from tests.lossless import normalised, rebuilt, source_lines


@pytest.mark.parametrize("key", sorted(FILES))
def test_file_is_rebuilt_exactly_from_its_records(parsed, key):
    pf = parsed[key]
    text = decode((ROOT / FILES[key]).read_bytes(), FILES[key], pf.lang)
    expected = source_lines(text.lines)
    assert normalised(rebuilt(pf)) == expected
    assert sum(expected.values()) >= 12  # the smallest file, 002, has 12 non-blank lines

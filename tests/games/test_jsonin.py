"""JSON from outside: too deep, too large or broken input is refused with a reason, never a crash."""

import pytest

from games import jsonin


@pytest.mark.parametrize(
    "text",
    ["[" * 50_000 + "]" * 50_000, '{"a":' * 50_000 + "1" + "}" * 50_000, "[" * 33 + "]" * 33],
    ids=["lists", "objects", "just-too-deep"],
)
def test_deep_nesting_is_refused_with_a_reason(text):
    with pytest.raises(jsonin.JSONInputError) as err:
        jsonin.loads(text, max_bytes=None)
    assert err.value.key == "too_deep"
    assert str(err.value) == "the JSON is nested more than 32 levels deep"


def test_nesting_up_to_the_limit_is_parsed():
    assert jsonin.loads("[" * 32 + "]" * 32, max_bytes=None) is not None
    assert jsonin.loads('{"a": [1, {"b": "[[[["}]}', max_bytes=100) == {"a": [1, {"b": "[[[["}]}


def test_size_encoding_and_syntax_are_refused_with_a_reason(tmp_path):
    with pytest.raises(jsonin.JSONInputError, match="larger than 1 KB"):
        jsonin.loads(" " * 2000 + "1", max_bytes=1024)
    with pytest.raises(jsonin.JSONInputError, match="larger than 1 KB"):
        jsonin.loads('"' + "é" * 600 + '"', max_bytes=1024)  # 1,200 bytes in 602 characters
    with pytest.raises(jsonin.JSONInputError, match="not UTF-8"):
        jsonin.loads(b'"\xff"', max_bytes=1024)
    with pytest.raises(jsonin.JSONInputError, match="not valid JSON"):
        jsonin.loads("{nope", max_bytes=1024)
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (3 << 20) + b"[]")
    with pytest.raises(jsonin.JSONInputError, match="larger than 64 KB"):
        jsonin.load_file(path, max_bytes=64 * 1024)

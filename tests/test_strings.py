"""Interface strings: one file per language, the same keys in both."""

import pytest

from codebridge import strings
from codebridge.sources import SourceError


def test_both_languages_have_the_same_keys():
    fr, en = strings.table("fr"), strings.table("en")
    assert sorted(set(fr) ^ set(en)) == []


@pytest.mark.parametrize("lang", strings.LANGS)
def test_placeholders_agree_across_languages(lang):
    import string

    other = "en" if lang == "fr" else "fr"
    for key, text in strings.table(lang).items():
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        theirs = {f for _, f, _, _ in string.Formatter().parse(strings.table(other)[key]) if f}
        assert fields == theirs, key


def test_unknown_key_names_the_file():
    with pytest.raises(SourceError, match=r"content/strings/fr/: no string 'nope'"):
        strings.t("fr", "nope")

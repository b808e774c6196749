"""Interface strings: one file per language, the same keys in both."""

import re

import pytest

from codebridge import strings
from codebridge.inputs import SourceError


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
    with pytest.raises(SourceError, match=r"content/strings/fr\.yaml: no string 'nope'"):
        strings.t("fr", "nope")


def test_a_string_given_twice_names_its_line(tmp_path):
    """One file holds a language's strings: a key given twice in it, even
    in two sections, is an error at the second one's line."""
    folder = tmp_path / "content" / "strings"
    folder.mkdir(parents=True)
    (folder / "fr.yaml").write_text("# site\nlaw: Loi\n\n# pages\nnote: Note FFB\nlaw: Article\n", encoding="utf-8")
    strings.read_from(tmp_path)
    try:
        with pytest.raises(SourceError, match=r"^content/strings/fr\.yaml:6: invalid YAML: 'law' is given twice"):
            strings.table("fr")
    finally:
        strings.read_from(strings.PACKAGE_STRINGS.parents[1])
    assert strings.t("fr", "law") == "Loi"


@pytest.mark.parametrize("lang", strings.LANGS)
def test_templates_exist_in_both_languages(lang):
    other = "en" if lang == "fr" else "fr"
    mine = {p.name for p in (strings.TEMPLATES_DIR / lang).glob("*.md")}
    theirs = {p.name for p in (strings.TEMPLATES_DIR / other).glob("*.md")}
    assert mine == theirs and mine


def test_template_blocks_must_match_placeholders():
    ids = {f"id_{k}": "x" for k in ("rights", "offline", "sources", "missing")}
    tool_ids = {f"id_{k}": "x" for k in ("web", "paste", "file")}
    assert "{{" not in strings.template("fr", "a-propos", sources="S", gaps="G", typos="T", absent="A", **ids)
    with pytest.raises(SourceError, match=r"a-propos.md:\d+: no block 'gaps'"):
        strings.template("fr", "a-propos", sources="S", typos="T", absent="A", **ids)
    with pytest.raises(SourceError, match=r"outils.md: the template has no placeholder \{\{ extra \}\}"):
        strings.template("fr", "outils", site="S", placeholder="", extra="X", **tool_ids)


def test_english_pages_use_english_punctuation(sites):
    """No French spacing before a colon on the English site's generated prose."""
    about = sites["en"].about_page()
    assert "- file: `content/sources/" in about and "- credit: " in about
    assert "- credit : " not in about and "- file : " not in about


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_string_the_theme_names_is_handed_over(root, lang):
    """The theme's templates read the strings they name (build.theme_strings):
    each exists, and only those reach the engine's configuration."""
    from codebridge import build
    from codebridge.patterns import THEME_STRING_KEY

    texts = [p.read_text(encoding="utf-8") for p in (root / "site_overrides").rglob("*.html")]
    named = {m["key"] for text in texts for m in THEME_STRING_KEY.finditer(text)}
    assert {"search.label", "publish.print.source", "publish.404.title", "publish.home.goto_unknown"} <= named
    assert set(build.theme_strings(root / "site_overrides", lang)) == named
    # any key of the table quoted in a template, however it is read, is named
    table = strings.table(lang)
    quoted = {m[2] for text in texts for m in re.finditer(r"""(["'])([a-z0-9_]+(?:\.[a-z0-9_]+)+)\1""", text) if m[2] in table}
    assert quoted <= named


def test_french_prose_pages_keep_their_signs_on_the_line():
    """A French prose page prints the space before ":" ";" "?" "!" "»" and
    after "«" as a no-break space (no line begins with "?"); the English
    pages and the blocks the build generates are left as they are."""
    from codebridge.tools import tools_page

    page = tools_page("fr", "https://exemple.org/")
    assert "«\u00a0Lois 47E et 54\u00a0»\u00a0?" in page and "«\u00a0voir Loi 64B7\u00a0»" in page
    assert not re.search(r" [:;?!»]|« ", page.split("```")[0])
    english = tools_page("en", "https://example.org/en/")
    assert "\u00a0" not in english

"""Where a French provision uses a glossary term, the English uses its English term."""

import yaml

from codebridge import glossary, terminology
from codebridge.layers import units
from codebridge.translation import load as load_translation


def test_terminology(root, code):
    english = load_translation(root / "content" / "translation" / "en", code)
    terms = glossary.load(root, code)
    exceptions = terminology.load_exceptions(root)
    mismatches = terminology.check(code, english, terms, exceptions)
    assert [str(m) for m in mismatches] == []
    # every exception names a real unit and gives its reason
    keys = {u.key for law in code.present() for u in units(law)}
    data = yaml.safe_load((root / terminology.EXCEPTIONS).read_text(encoding="utf-8")) or {}
    for term, entries in data.items():
        for entry in entries:
            assert entry["unit"] in keys and len(entry["why"]) > 10, (term, entry)




def test_no_stale_exception(root, code):
    english = load_translation(root / "content" / "translation" / "en", code)
    terms = glossary.load(root, code)
    exceptions = terminology.load_exceptions(root)
    assert terminology.unneeded_exceptions(code, english, terms, exceptions) == []
    assert sum(len(v) for v in exceptions.values()) <= 15  # a short, reviewed list


def test_fr_not_phrases_are_blanked(root, code):
    """« hors tour » is not a round: the glossary says so once for all units."""
    from codebridge.translation import Translation

    terms = [t for t in glossary.load(root, code) if t.id == "tour"]
    law = code.law("53")
    english = Translation({u.key: "nothing relevant" for u in units(law)})
    mismatched = {m.unit for m in terminology.check(code, english, tuple(terms), {})}
    assert "53A:0" not in mismatched  # « attaque hors tour » only

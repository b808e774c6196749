"""The published data: ``data/code.json`` and ``data/citations.json``."""

from __future__ import annotations

import json
from typing import Any, Iterable

from . import labels
from .layers import keyed, notes_by_owner
from .model import Code, Label, Law, Provision
from .strings import t
from .translation import ORIGINAL, Translation


def _provision(p: Provision, translation: Translation) -> dict[str, Any]:
    content = _content(p.label, p.content, translation)
    return {
        "kind": "provision",
        "citation": labels.citation(p.label),
        "anchor": labels.anchor(p.label),
        "url": labels.url(p.label),
        "marker": p.marker,
        "title": translation.text(labels.title_key(p.label), p.title) if p.title else None,
        "text": _own_text(content),
        "content": content,
    }


def _own_text(content: list[dict[str, Any]]) -> str:
    """The provision's own alinéas and items, one per line ("- " for items)."""
    return "\n".join(("- " if c["kind"] == "item" else "") + c["text"] for c in content if c["kind"] != "provision")


def _content(label, content, translation: Translation) -> list[dict[str, Any]]:
    """Alinéas, dashed items and sub-provisions in printed order."""
    out: list[dict[str, Any]] = []
    for key, item in keyed(label, content):
        if key is not None:
            out.append({"kind": item.kind, "text": translation.text(key, item.text)})
        else:
            out.append(_provision(item, translation))
    return out


def law_record(law: Law, translation: Translation = ORIGINAL, references=None) -> dict[str, Any]:
    """One law as JSON-ready data, with the texts of ``translation`` (the
    French itself unless given)."""
    record: dict[str, Any] = {
        "number": law.number,
        "citation": labels.citation(law.label),
        "url": labels.url(law.label),
        "present": law.present,
        "title": translation.text(labels.title_key(law.label), law.title) if law.title else None,
    }
    if not law.present:
        return record
    callers = notes_by_owner(law)
    content = _content(law.label, law.content, translation)
    record.update(
        {
            "text": _own_text(content),
            "content": content,
            "notes": [
                {
                    "marker": n.marker,
                    "ffb": n.national,  # an FFB national note, or one of the code's own (manifest: ffb_notes)
                    "text": translation.text(labels.note_key(law.number, n.marker), n.text),
                    "called_from": [labels.citation(l) for l in callers[n.marker]],
                }
                for n in law.notes
            ],
            "source": {"file": law.origin.file, "line": law.origin.line},
        }
    )
    if references is not None:
        record["references"] = references.get(law.number, [])
    return record


def code_json(code: Code, translation: Translation = ORIGINAL, references=None, lang: str = "fr") -> str:
    data = {
        "title": t(lang, "code"),
        "language": lang,
        # a translation says what it is, where its text is reused
        **({"translation": t(lang, "data.translation")} if translation is not ORIGINAL else {}),
        "laws": [law_record(l, translation, references) for l in code.laws],
        **({"definitions": [  # when a source gives them: each term, its text in paragraphs, its place on the site
            {"term": d.term, "text": list(d.paragraphs), "url": labels.page_fragment_url(labels.DEFINITIONS_SRC, labels.definition_id(d.term))}
            for d in code.definitions.entries
        ]} if code.definitions is not None else {}),
        "sources": [  # the document's own title; what it is and whom to credit, in the site's language
            {
                "file": s.file, "role": s.role, "title": s.title,
                "origin": (s.origin_en if lang == "en" else "") or s.origin,
                "credit": (s.credit_en if lang == "en" else "") or s.credit,
            }
            for s in code.sources
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


def citations(code: Code, placeholders: Iterable[Label] = (), directory_urls: bool = True) -> dict[str, str]:
    """Every citation → URL relative to the site root: every law, every
    provision with text, and ``placeholders``: the provisions of absent laws
    that the laws cite, whose anchor already stands on their law's page;
    ``directory_urls`` false: the pages' ``.html`` addresses (the copy
    opened from ``file://``, where a folder opens no page)."""
    out: dict[str, str] = {}
    for law in code.laws:
        out[labels.citation(law.label)] = labels.url(law.label, directory_urls)
        for p in law.provisions():
            out[labels.citation(p.label)] = labels.url(p.label, directory_urls)
    for label in placeholders:
        out[labels.citation(label)] = labels.url(label, directory_urls)
    return out


def citations_json(table: dict[str, str]) -> str:
    """``data/citations.json``: the table ``citations`` gives."""
    return json.dumps(table, ensure_ascii=False, indent=1)

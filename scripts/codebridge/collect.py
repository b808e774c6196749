"""Collect: every layer of one language's site, computed once, as data.

    references(code)   the French references of the code, indexed by unit and by target
    collect(...)       → ``Layers``: the text of every unit in the site's language, its
                         note calls and references located in that text, the previews,
                         "Cité par", the worked examples, "Voir aussi", the scoring
                         inserts, the gaps

Everything is keyed by unit key or label (``labels``); nothing here is
Markdown or HTML: the scoring inserts are ``doc`` blocks (``scoring_pages``),
which the renderer writes. The renderer (``render.Renderer``) reads a ``Layers`` and
asks no one else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from . import labels
from .layers import find_calls, keyed, note_calls, strip_calls, units
from .model import Code, Gap, Label, Typo
from .references import Problem, Reference, check_target, cited_by, code_references, find_references, known_labels, project, resolve
from .strings import t

PREVIEW = 140  # characters of a provision's text a preview keeps
LEAD = 50  # how much of a list's lead-in a preview keeps


@dataclass(frozen=True)
class Index:
    """The references of the code's French text, found and resolved once
    per build, by the unit where they stand and by their target."""

    refs: tuple[Reference, ...]
    problems: tuple[Problem, ...]
    by_unit: dict[str, list[Reference]]
    by_target: dict[Label, list[Reference]]


def references(code: Code) -> Index:
    """Every reference of the code (``references.code_references``), indexed."""
    refs, problems = code_references(code)
    by_unit: dict[str, list[Reference]] = {}
    for r in refs:
        by_unit.setdefault(r.unit, []).append(r)
    return Index(tuple(refs), tuple(problems), by_unit, cited_by(refs))


def placeholders(code: Code, index: Index) -> tuple[Label, ...]:
    """The provisions of absent laws that the code cites, in order: each
    has its anchor on its law's page already (``Renderer.placeholders``)."""
    absent = {law.number for law in code.laws if not law.present}
    return tuple(sorted((t for t in index.by_target if len(t) > 1 and t[0] in absent), key=labels.sort_key))


@dataclass(frozen=True)
class Located:
    """A reference to ``target`` at ``start:end`` of a unit's text in the
    site's language."""

    start: int
    end: int
    target: Label


@dataclass(frozen=True)
class Citer:
    """What cites a provision: another provision (``label``), or a
    commentary passage (``page``, ``anchor``)."""

    label: Label | None = None
    page: str = ""
    anchor: str = ""
    note: str = ""  # an FFB note of law ``label`` ("(14)"), when the citation stands in it


@dataclass(frozen=True)
class Absent:
    """What cites a law the sources lack: its ``provisions`` cited elsewhere
    (each keeps the anchor it will have) and whether the law itself is cited."""

    provisions: tuple[Label, ...]
    whole: bool


@dataclass(frozen=True)
class Related:
    """One line of a law's "Voir aussi": a provision of another law, with
    the title it stands under."""

    label: Label
    heading: str


@dataclass(frozen=True)
class Layers:
    """Every layer of one language's site, keyed by unit key or label."""

    lang: str
    texts: dict[str, str]  # unit key → its text in ``lang``
    calls: dict[str, tuple[tuple[int, int, str], ...]]  # unit key → (start, end, marker) of its note calls
    located: dict[str, tuple[Located, ...]]  # unit key → its references, located in its text
    summaries: dict[Label, str]  # provision → the start of its text, for previews
    present: frozenset[str]  # the laws the sources give
    cited_by: dict[Label, tuple[Citer, ...]]  # provision or law → what cites it
    law_cited_by: dict[str, tuple[Label, ...]]  # law → the provisions of other laws citing it
    absent: dict[str, Absent]  # law the sources lack → what cites it
    examples: dict[Label, tuple] = field(default_factory=dict)  # provision → the cases citing it (examples.Entry)
    law_examples: dict[str, tuple] = field(default_factory=dict)  # law → the cases citing it
    see_also: dict[str, tuple[Related, ...]] = field(default_factory=dict)  # law → "Voir aussi"
    inserts: dict[str, tuple] = field(default_factory=dict)  # unit key or "<law>:start"/"<law>:end" → doc blocks
    repairs: dict[str, tuple] = field(default_factory=dict)  # the inserts that restore what a source lost (the edition has them too)
    gaps: dict[Label, tuple[Gap, ...]] = field(default_factory=dict)  # label → what its source lost
    typos: dict[str, tuple[Typo, ...]] = field(default_factory=dict)  # unit key → the slips of its French (where it shows as printed)
    untranslated: frozenset[str] = frozenset()  # laws whose English is still to come
    lost: dict[Label, str] = field(default_factory=dict)  # law or provision whose text a source lost (``Code.lost``) → its heading
    definitions: dict[str, tuple[tuple[Located, ...], ...]] = field(default_factory=dict)  # a term of the Definitions (its anchor) → each paragraph's references
    directory_urls: bool = True

    def text(self, key: str, fr: str) -> str:
        """The text of unit ``key`` in the site's language (``fr`` when it
        has none of its own)."""
        return self.texts.get(key) or fr

    @property
    def placeholders(self) -> tuple[Label, ...]:
        """The cited provisions of absent laws, at their anchors already."""
        return tuple(t for a in self.absent.values() for t in a.provisions)

    def title(self, law) -> str | None:
        """A law's title in the site's language, None when it has none."""
        return self.text(labels.title_key(law.label), law.title) if law.title else None

    def preview(self, target: Label) -> str:
        """"Loi 45C4(b) — Le déclarant peut changer…" for a tooltip."""
        cite = labels.cite(target, self.lang)
        if target[0] not in self.present:
            return f"{cite} — {t(self.lang, 'links.to_come')}"
        if target in self.lost:  # nothing of it but its heading: « Loi 75C — Erreur d’application (texte perdu dans la source) »
            heading = self.lost[target]
            return f"{cite} — {heading} ({t(self.lang, 'gap.mark')})" if heading else f"{cite} — {t(self.lang, 'gap.mark')}"
        return f"{cite} — {self.summaries.get(target, '')}"


def collect(
    code: Code,
    lang: str,
    index: Index,
    translation=None,
    *,
    commentary_refs: Iterable[tuple[str, str, Reference]] = (),
    examples=None,
    inserts: dict[str, tuple] | None = None,
    repairs: dict[str, tuple] | None = None,
    directory_urls: bool = True,
) -> Layers:
    """Walk the code once and return every layer of the ``lang`` site but
    "Voir aussi", which the search index gives (``see_also``): the index
    reads pages that the collected layers render first.

    ``translation`` (``translation.Translation``) gives the English;
    ``commentary_refs`` are (page, passage anchor, reference) of the
    commentaries; ``examples`` (``examples.Examples``) the worked cases;
    ``inserts`` the scoring layer's blocks, ``repairs`` those of them that
    restore what a source lost (its tables).
    """
    texts: dict[str, str] = {}
    calls: dict[str, tuple] = {}
    located: dict[str, tuple[Located, ...]] = {}
    summaries: dict[Label, str] = {}
    english = translation is not None and lang != "fr"
    if english:
        texts.update({k: v for k, v in translation.texts.items() if v})
    for law in code.laws:
        markers = {n.marker for n in law.notes}
        calling = {c.unit for c in note_calls(law)}
        for unit in units(law):
            text = texts.get(unit.key) or unit.text
            texts[unit.key] = text
            if unit.key in calling:
                found = find_calls(text, markers)
                if found:
                    calls[unit.key] = tuple(found)
            refs = index.by_unit.get(unit.key)
            if refs:
                pairs = [(r.start, r.end, r) for r in refs if r.start != r.end] if not english else project(refs, text)
                located[unit.key] = tuple(Located(a, b, r.target) for a, b, r in pairs)
            if law.present and unit.kind in ("para", "item"):
                # the start of each provision's text: its own, or its first child's
                for n in range(1, len(unit.owner) + 1):
                    summaries.setdefault(unit.owner[:n], strip_calls(text, markers))
    leads = _lead_ins(code, texts)
    previews = {label: _summary(summaries.get(label, ""), leads.get(label)) for label in {**summaries, **leads}}

    citers: dict[Label, list[Citer]] = {}
    seen: dict[Label, set] = {}
    for target, refs in index.by_target.items():
        for r in refs:
            note = labels.note_of_key(r.unit)
            where = (r.source, note[1] if note else "")
            if where not in seen.setdefault(target, set()):
                seen[target].add(where)
                citers.setdefault(target, []).append(Citer(label=r.source, note=where[1]))
    for page, anchor, r in commentary_refs:
        if (page, anchor) not in seen.setdefault(r.target, set()):
            seen[r.target].add((page, anchor))
            citers.setdefault(r.target, []).append(Citer(page=page, anchor=anchor))

    from_others: dict[str, dict[Label, None]] = {}
    for target, refs in index.by_target.items():
        for r in refs:
            if r.source[0] != target[0]:
                from_others.setdefault(target[0], {})[r.source] = None
    cited_absent: dict[str, list[Label]] = {}
    for target in placeholders(code, index):
        cited_absent.setdefault(target[0], []).append(target)
    absent = {}
    for law in code.laws:
        if not law.present:
            absent[law.number] = Absent(tuple(cited_absent.get(law.number, ())), law.label in index.by_target)

    gaps: dict[Label, list[Gap]] = {}
    for gap in code.gaps:
        gaps.setdefault(gap.label, []).append(gap)
    typos: dict[str, list[Typo]] = {}
    for typo in code.typos:
        typos.setdefault(typo.unit, []).append(typo)
    return Layers(
        lang=lang,
        texts=texts,
        calls=calls,
        located=located,
        summaries=previews,
        present=frozenset(law.number for law in code.present()),
        cited_by={k: tuple(v) for k, v in citers.items()},
        law_cited_by={n: tuple(sorted(s, key=labels.sort_key)) for n, s in from_others.items()},
        absent=absent,
        examples={k: tuple(v) for k, v in examples.citing(lang).items()} if examples else {},
        law_examples={law.number: tuple(examples.for_law(lang, law.number)) for law in code.laws} if examples else {},
        inserts=dict(inserts or {}),
        repairs=dict(repairs or {}),
        gaps={k: tuple(v) for k, v in gaps.items()},
        typos={k: tuple(v) for k, v in typos.items()},
        untranslated=translation.pending if translation is not None else frozenset(),
        lost={label: texts.get(labels.title_key(label), "") for label in code.lost},
        definitions=definition_references(code),
        directory_urls=directory_urls,
    )


def definition_references(code: Code) -> dict[str, tuple[tuple[Located, ...], ...]]:
    """The laws each term of the Definitions cites, paragraph by paragraph,
    by the term's anchor: the explicit citations the code can link (the
    Definitions, printed before Law 1, cite no provision relatively); the
    same on both sites, which show them in French."""
    if code.definitions is None:
        return {}
    known = known_labels(code)

    def located(text: str) -> tuple[Located, ...]:
        found = ((raw, resolve(raw, ())) for raw in find_references(text, relative=False) if raw.start < raw.end)
        return tuple(Located(raw.start, raw.end, target) for raw, target in found if target is not None and check_target(target, code, known) is None)

    return {labels.definition_id(entry.term): tuple(located(p) for p in entry.paragraphs) for entry in code.definitions.entries}


def see_also(code: Code, search) -> dict[str, tuple[Related, ...]]:
    """Each present law's "Voir aussi": the laws closest to it in the
    search index (``index.SearchIndex.related``), each by its closest provision."""
    return {
        law.number: tuple(Related(h.doc.label, h.doc.heading) for h in search.related(law.number))
        for law in code.present()
    }


def _lead_ins(code: Code, texts: dict[str, str]) -> dict[Label, str]:
    """The lead-in of each list item: the text before the list, ending in
    a colon, without which the item means nothing (64B7 says « quand les
    deux camps… » to « Il n'y a pas d'ajustement automatique… : »)."""
    out: dict[Label, str] = {}

    def walk(label: Label, content) -> None:
        lead = None
        for key, item in keyed(label, content):
            if key is not None:
                text = texts.get(key) or item.text
                lead = text if text.rstrip().endswith(":") else None
            else:
                if lead:
                    out[item.label] = lead
                walk(item.label, item.content)

    for law in code.present():
        walk(law.label, law.content)
    return out


def _summary(text: str, lead: str | None) -> str:
    """The start of a provision's text for a preview or a description,
    after its lead-in when it is a list item:
    « Il n’y a pas d’ajustement automatique de levée … quand les deux camps… »."""
    if lead:
        if len(lead) > LEAD:
            lead = lead[:LEAD].rsplit(" ", 1)[0] + " …"
        text = f"{lead.rstrip()} {text}"  # its colon kept: without it, « Quand une renonce est consommée si… » reads as a condition
    if len(text) > PREVIEW:
        text = text[:PREVIEW].rsplit(" ", 1)[0] + " …"
    return text

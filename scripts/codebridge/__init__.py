"""Code du bridge: the Laws of Duplicate Bridge as structured data and a site.

The pipeline, one module per stage:

    sources    → read the manifest and the files, refuse bad input
    parse      → the French text into the model (``model``)
    conserve   → prove every word landed somewhere
    layers     → text units and note calls (``references``: renvois)
    collect    → one walk over the code: each unit's layers (texts, spans,
                 "Cité par", cases, "Voir aussi", gaps), per language
    render     → the one tree walker that writes Markdown pages (``doc``
                 nodes in, escaped for where each text lands)
    site       → the pages of one language; ``build`` writes them as a
                 docs folder with its configuration
    engine     → runs MkDocs (or Zensical) on a docs folder
    analysis   → words to stems, for search (French and English)
    index      → the Whoosh full-text index and search as people type
    searchdata → the browser's copy of the index (search/index.js)
    export     → data/code.json, data/citations.json
"""

from .labels import anchor, citation, cite, url
from .model import Block, Code, Law, Note, Provision
from .parse import parse_code
from .inputs import SourceError

__all__ = [
    "Block",
    "Code",
    "Law",
    "Note",
    "Provision",
    "SourceError",
    "anchor",
    "citation",
    "cite",
    "parse_code",
    "url",
]

"""Golden JSON for three laws, reviewed in diffs.

Regenerate with ``make golden`` (pytest --update-golden) after a deliberate
change, then read the diff before committing it.
"""

import json
from pathlib import Path

import pytest

from codebridge.export import law_record

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("number", ["40", "50", "80"])
def test_golden_law(code, number, request):
    record = law_record(code.law(number))
    text = json.dumps(record, ensure_ascii=False, indent=1) + "\n"
    path = GOLDEN / f"loi-{number}.json"
    if request.config.getoption("--update-golden"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path.name} missing: run `make golden` and review it"
    assert json.loads(path.read_text(encoding="utf-8")) == record

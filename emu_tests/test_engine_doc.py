"""docs/engine.md states numbers; this test holds them to the build: the memory maps
(regions, state block and scratch sizes, zero page), the entry addresses, the budgets
and the bench figures (within 5 %), and the names BASIC gets for the ABI's numbers."""

import re
from pathlib import Path

import pytest

from kotd.bench import BUDGETS, bench_reports, markdown
from kotd.build import stateblock
from kotd.build.tables import FATES, SUPPLY_BOTH_SIDES
from kotd.build.targets import ENGINE_BUDGET, TARGETS
from kotd.emu.supply import SIDE_CODES

DOC = Path(__file__).resolve().parents[1] / "docs" / "engine.md"
TOLERANCE = 0.05


@pytest.fixture(scope="module")
def doc() -> str:
    return DOC.read_text()


def section(doc: str, title: str) -> str:
    start = doc.index(f"\n## {title}")
    end = doc.find("\n## ", start + 1)
    return doc[start:end if end > 0 else None]


@pytest.mark.parametrize("name", list(TARGETS))
def test_memory_map_matches_the_targets_and_the_layout(doc, model, name):
    t, lay = TARGETS[name], stateblock.layout(model)
    text = section(doc, "Memory maps")
    machine = text[text.index("### Atari" if name == "atari" else "### Apple"):]
    machine = machine[:machine.find("\n### ", 5)]
    assert f"| ${t.engine.start:04X}-${t.engine.end:04X} | the engine: jump table, tables, code " \
           f"({t.engine.size // 1024} KB region) |" in machine
    m = re.search(r"\| \$(\w{4})-\$(\w{4}) \| the state block \(\$(\w{4}), (\d+) bytes\) and scratch "
                  r"\((\d+) bytes\), in a (\d+)-byte region \|", machine)
    assert m, "the state row"
    assert [int(g, 16) for g in m.groups()[:3]] == [t.state.start, t.state.end, t.state.start]
    assert [int(g) for g in m.groups()[3:]] == [lay.state_size, lay.total_size - lay.state_size, t.state.size]
    z = t.zero_page
    assert f"| ${z.start:04X}-${z.end:04X} | the engine's zero page" in machine
    assert f"{lay.zero_page_size} bytes, the only zero page the engine touches" in text
    if t.loader:
        assert f"| ${t.loader.start:04X}-${t.loader.end:04X} | load time only" in machine
    for o in (*t.opponent_code, *t.opponent_ram):            # the computer opponent's regions
        assert f"| ${o.start:04X}-${o.end:04X} |" in machine
    assert "the computer opponent's code" in machine and "the opponent's RAM" in machine
    if t.disk_buffer:
        assert f"| ${t.disk_buffer.start:04X}-${t.disk_buffer.end:04X} | the cassette buffer" in machine
    for region in t.forbidden:
        if region.name == "disk loader":
            assert f"| ${region.start:04X}-${region.end:04X} | the disk loader" in machine


def test_entry_addresses_and_the_engine_budget(doc):
    a, p = TARGETS["atari"].engine.start, TARGETS["apple"].engine.start
    assert f"Atari\n{a} + 3n (${a:04X}), Apple {p} + 3n (${p:04X})" in doc.replace("Atari ", "Atari\n")
    assert f"code and tables {ENGINE_BUDGET // 1024} KB ({ENGINE_BUDGET:,} bytes)" in " ".join(doc.split())


def test_budgets_stated_are_the_bench_budgets(doc):
    text = " ".join(section(doc, "Speed and size: `kotd bench`").split())
    assert (f"supply phase {BUDGETS['supply_phase']:,} cycles, a 6-against-6 battle "
            f"{BUDGETS['battle_6v6']:,}, a 1-against-1 battle {BUDGETS['battle_1v1']:,}") in text


def numbers(line: str) -> list[int]:
    return [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*(?:\.\d+)?", line) if "." not in n]


def test_bench_figures_are_the_measured_ones(doc, model):
    stated = doc[doc.index("<!-- bench table -->"):doc.index("<!-- end bench table -->")]
    stated_rows = [ln for ln in stated.splitlines() if ln.startswith("| ") and not ln.startswith("| measure")]
    measured_rows = [ln for ln in markdown(bench_reports(model)).splitlines()[2:]]
    assert len(stated_rows) == len(measured_rows) == 6        # with the cost field's two (py65 only)
    for got, want in zip(stated_rows, measured_rows):
        assert got.split("|")[1] == want.split("|")[1]
        g, w = numbers(got), numbers(want)
        assert len(g) == len(w), (got, want)
        for x, y in zip(g, w):
            assert abs(x - y) <= TOLERANCE * y, f"docs/engine.md says {x}, kotd bench {y}: {got}"
        assert ("met" in got) == ("met" in want) and ("missed" in got) == ("missed" in want)


def test_basic_gets_a_name_for_every_number_of_the_abi(model):
    for t in TARGETS.values():
        c = stateblock.constants(model, t)
        assert [c[f"FATE_{f.upper()}"] for f in FATES] == [0, 1, 2]
        assert c["SUPPLY_BOTH_SIDES"] == SUPPLY_BOTH_SIDES == SIDE_CODES[None]
        assert (c["SIDE_AXIS"], c["SIDE_ALLIED"]) == (SIDE_CODES["axis"], SIDE_CODES["allied"])
        assert c["BATTLE_FIRST_DEFENDER"] == model.logistics.stacking_hex
        assert c["BATTLE_SLOTS"] == 2 * model.logistics.stacking_hex
        for name in ("STATUS_ON_MAP", "ROLE_DEPOT", "TYPE_MOBILE", "PHASE_SUPPLY", "OFF_MAP", "NONE"):
            assert name in c, name

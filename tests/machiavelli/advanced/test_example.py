"""`examples/machiavelli-1454-advanced` (`make demo-advanced`): the balance
scenario with every advanced module on, two years of every power's mail
(spring 1454 to the fall of 1455). It plays to the end through the command
line as a GM would, and then:

- every public and private report, the map drawn after each phase and the
  final state are byte-identical to `played/` (`make example-advanced` writes
  it): the same folder and mail give the same files;
- `mapjudge verify` rechecks every roll with the committed secret;
- the story the example's README tells is what the reports and states say:
  a bribe war with a tie and a counter-bribe, a gift, loans (one repaid, one
  refused and defaulted, one running into the third year), assassination
  attempts (two failed, one that paralyses Naples), a void and an impossible
  expense, a famine spring (a famine relieved, an army starved), two plague
  summers, purchases (elite mercenaries, a refusal), a unit dropped unpaid,
  the mercenaries' strength 2, a rebellion raised by a default and put down
  by its player's hold, and a bribe that disbands a fleet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_runner import current_phase, play_example, run

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "machiavelli-1454-advanced"
PLAYED = EXAMPLE / "played"
PHASES = [
    "1454-spring-movement",
    "1454-summer-movement",
    "1454-fall-movement",
    "1455-spring-adjustment",
    "1455-spring-movement",
    "1455-spring-retreat",
    "1455-summer-movement",
    "1455-fall-movement",
]
FINAL = "1456-spring-adjustment"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example played once through the command line."""
    game = tmp_path_factory.mktemp("advanced") / "game"
    results = play_example(EXAMPLE, game)
    assert list(results) == PHASES
    assert {p: r.exit_code for p, r in results.items()} == {
        **dict.fromkeys(PHASES, 0),
        "1455-fall-movement": 1,  # Venice orders the fleet a bribe disbanded that turn
    }
    assert current_phase(game) == FINAL
    return game


def _text(folder: Path, name: str) -> str:
    return (folder / "reports" / name).read_text(encoding="utf-8")


def _played_files() -> list[tuple[Path, str]]:
    """Each file of `played/` and the game folder's path it was copied from."""
    pairs = [(p, str(p.relative_to(PLAYED))) for p in sorted((PLAYED / "reports").rglob("*"))]
    pairs += [(p, f"turns/{p.name}") for p in sorted((PLAYED / "maps").glob("*.png"))]
    pairs.append((PLAYED / f"{FINAL}.yaml", f"turns/{FINAL}.yaml"))
    return [(p, where) for p, where in pairs if p.is_file()]


def test_the_played_files_are_reproduced_byte_for_byte(folder: Path) -> None:
    files = _played_files()
    assert len(files) == 8 * 2 + 8 * 8 * 2 + 8 + 1  # public, private, maps, final state
    for kept, where in files:
        assert (folder / where).read_bytes() == kept.read_bytes(), where


def test_every_roll_is_verified_with_the_committed_secret(folder: Path) -> None:
    checked = run("verify", str(folder))
    assert checked.exit_code == 0, checked.output


def test_the_bribe_war_of_spring_1454(folder: Path) -> None:
    """CM-6.3-2, CM-6.3-3, CM-6.2-F, AM-19..AM-21, AM-46: Milan and Venice bid
    12d each for Trent's garrison, a die each decides, Austria's 3d counter-bribe
    leaves 9d, enough; nobody's name is in the public report."""
    spring = _text(folder, "1454-spring-movement.txt")
    assert "Expense (H) G TRENT: bribe succeeded (12d less 3d of counter-bribes)" in spring
    assert "Expense (H) G TRENT: bribe tied for the largest and lost on the dice" in spring
    assert "Expense (F) G TRENT: counter-bribe placed" in spring
    assert "bribe-tie:G TRENT #0: d6 -> 2" in spring and "bribe-tie:G TRENT #1: d6 -> 1" in spring
    assert "paid by" not in spring and "Loan granted" not in spring
    assert "turks gave 2d to venice" in spring  # a public gift (AM-44)
    assert "Gift to venice: -2d" in _text(folder, "1454-spring-movement/turks.txt")
    assert "Assassination attempt against turks: failed (dice 5)" in spring
    assert "G TRENT 12d: charged; bribe succeeded" in _text(
        folder, "1454-spring-movement/milan.txt"
    )
    venice = _text(folder, "1454-spring-movement/venice.txt")
    assert "G TRENT 12d: charged; bribe tied for the largest and lost on the dice" in venice
    state = (folder / "turns" / "1454-summer-movement.yaml").read_text(encoding="utf-8")
    assert "  - G TRENT\n  naples:" in state  # Milan's now


def test_the_expenses_that_do_nothing(folder: Path) -> None:
    """CM-6.1-6, AM-16, AM-17: famine relief where there is none is charged;
    a rebellion the treasury cannot cover is void and free."""
    assert "Expense (A) PISA: no famine there" in _text(folder, "1454-summer-movement.txt")
    venice = _text(folder, "1454-summer-movement/venice.txt")
    assert "Expense (D) ARE 15d: void, not charged" in venice


def test_the_famine_spring_and_the_plague_summers(folder: Path) -> None:
    """§9: the famine roll at the fall's end, relieved in Perugia, starving
    Venice's army in Ferrara at the spring's end; the plague as each summer opens."""
    assert "Note: Famine:" in _text(folder, "1454-fall-movement.txt")
    spring = _text(folder, "1455-spring-movement.txt")
    assert "Expense (A) PER: famine relieved" in spring
    retreat = _text(folder, "1455-spring-retreat.txt")
    assert "A FER starved in Ferrara (famine)" in retreat
    assert "Note: Plague:" in retreat and "G VEN died of the plague in Venice" in retreat
    assert "A MIL died of the plague in Milan" in _text(folder, "1454-spring-movement.txt")


def test_the_spring_adjustment_of_1455(folder: Path) -> None:
    """AM-13, AM-15, CM-5.4-x: payment lines, a unit dropped, elite mercenaries
    bought, a refused purchase not charged; the buyers public, the ducats private."""
    public = _text(folder, "1455-spring-adjustment.txt")
    assert "A SLA was not paid for and left the board" in public
    assert "A COMO was bought and placed" in public and "-6d" not in public
    assert "purchase A COMO: -6d" in _text(folder, "1455-spring-adjustment/milan.txt")
    venice = _text(folder, "1455-spring-adjustment/venice.txt")
    assert "Purchase refused, not charged: G VEN: the city of Venice is occupied" in venice


def test_loans_repaid_defaulted_and_running(folder: Path) -> None:
    """§11: Venice repays; Florence refuses, defaults (its orders not carried out,
    a rebellion rises, no credit again); Milan's two-year loan is still owed."""
    spring = _text(folder, "1455-spring-movement.txt")
    assert "Loan repaid: 6d" in _text(folder, "1455-spring-movement/venice.txt")
    florence = _text(folder, "1455-spring-movement/florence.txt")
    assert "Loan of 6d (+2d interest) due now: not repaid (you would not repay)" in florence
    assert "florence defaulted on its loan" in spring
    assert "not carried out: A PIS - FLO" in spring
    assert "Rebellion against florence rose in PISA" in spring
    final = (folder / "turns" / f"{FINAL}.yaml").read_text(encoding="utf-8")
    assert "no_credit:\n- florence\n" in final
    assert "- power: milan\n  principal: 10\n  interest: 5\n  due: 1456-spring-movement" in final


def test_the_mercenaries_strike_with_strength_two(folder: Path) -> None:
    """AM-40: Milan's mercenaries alone dislodge France's army from Turin, and
    keep their kind where they stand; the French army retreats as it was."""
    spring = _text(folder, "1455-spring-movement.txt")
    assert "A COMO - TUR  moved" in spring and "A TUR H  dislodged" in spring
    final = (folder / "turns" / f"{FINAL}.yaml").read_text(encoding="utf-8")
    assert "special_units:\n  milan:\n    A TUR: elite_mercenaries\n" in final


def test_the_rebellion_put_down_and_the_assassination(folder: Path) -> None:
    """CM-7.3-2: Florence's army marches into Pisa and holds: the rebellion is
    put down. §8: Austria's attempt on Naples succeeds with a 6: Naples' units
    hold and Table 2 raises rebellions. CM-6.2-J: the Turks disband Venice's fleet."""
    fall = _text(folder, "1455-fall-movement.txt")
    assert "Rebellion against florence in PISA: put down at the end of the movement" in fall
    assert "Assassination attempt against naples: succeeded (dice 6)" in fall
    assert "naples's units are paralysed this turn (003 §8.3)" in fall
    assert "Rebellion against naples rose in AQU, MES, SAL" in fall
    assert "Expense (J) F DAL: bribe succeeded (12d)" in fall
    assert "venice.txt, line 3: illegal: there is no unit in DAL" in fall
    austria = _text(folder, "1455-fall-movement/austria.txt")
    assert "Expense (E) naples 12d: charged" in austria
    assert "Expense (E) naples 12d" not in _text(folder, "1455-fall-movement/naples.txt")

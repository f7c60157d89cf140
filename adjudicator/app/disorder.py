"""Civil disorder after N missed phases (issue 19, "Deadlines").

game.yaml's `civil_disorder_after: N` turns it on. A power that had to order
(the ruleset's `silent` list: units to order, a unit to retreat, a sheet to
play) and sent nothing in N phases in a row is in civil disorder in the next
phase it sends nothing; ordering again ends it. Phases where the power had
nothing to order neither count nor break the run.

The count comes from the game's own history, nothing stored beside it: each
earlier phase's state is opened again and its archived mail
(`orders/archive/<phase>/`) checked, which tells who had to order and who
wrote. What civil disorder does is each ruleset's own rule
(`RulesetPlugin.with_civil_disorder`: Machiavelli 003 §4.6's units hold, give
no support and are destroyed when dislodged; the others play a power without
orders as any missing order). The public report names the powers in civil
disorder, and its JSON lists them (`civil_disorder`)."""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.app import gamefolder as gf
from adjudicator.app.game import LoadedGame, map_reference, read_order_files
from adjudicator.app.sections import with_section
from adjudicator.core.plugin import OrderFile
from adjudicator.core.session import BadState, GameSetup, JudgedTurn
from texts import ngettext, using


def missed_in_a_row(game: LoadedGame, powers: Iterable[str], enough: int) -> dict[str, int]:
    """For each of `powers`, how many of the phases before the current one it
    had to order in and sent nothing, in a row back from the latest (counting
    stops at `enough`: that is all the rule asks)."""
    counts = {power: 0 for power in powers}
    open_powers = set(counts)
    calendar = game.ruleset.calendar
    for phase in reversed(gf.list_phases(game.folder, calendar)[:-1]):
        if not open_powers:
            break
        had_to, wrote = _who_had_to_and_who_wrote(game, str(phase))
        if had_to is None:
            break  # a phase that cannot be read again: count no further back
        for power in sorted(open_powers):
            if power in had_to:
                counts[power] += 1
                if counts[power] >= enough:
                    open_powers.discard(power)
            elif power in wrote:
                open_powers.discard(power)
    return counts


def _who_had_to_and_who_wrote(
    game: LoadedGame, phase: str
) -> tuple[frozenset[str] | None, frozenset[str]]:
    """The powers that had to order in `phase` and sent nothing, and those
    whose mail was adjudicated then; (None, ...) when the phase cannot be read."""
    config = game.config
    reference = map_reference(game.folder, config.map or game.ruleset.default_map)
    try:
        data = gf.read_state_data(game.folder, phase)
        session = game.ruleset.open(
            GameSetup(config.name, reference, config.options, config.preset, data)
        )
    except (gf.GameFolderError, BadState, ValueError):
        return None, frozenset()
    archive = gf.archive_dir(game.folder, phase)
    paths = sorted(p for p in archive.glob("*") if p.is_file()) if archive.is_dir() else []
    checked = session.check(read_order_files(paths))
    wrote = frozenset(r.power for r in checked.readings if r.power)
    return frozenset(checked.silent), wrote


def in_civil_disorder(game: LoadedGame, files: Iterable[OrderFile]) -> frozenset[str]:
    """The powers in civil disorder this phase: `civil_disorder_after` missed
    phases in a row before it, and no mail of theirs now; none when the game
    does not use the rule."""
    enough = game.config.civil_disorder_after
    if enough is None:
        return frozenset()
    writing_now = set(game.session.owners(list(files)).values())
    missed = missed_in_a_row(game, sorted(game.config.powers), enough)
    return frozenset(p for p, n in missed.items() if n >= enough and p not in writing_now)


def with_disorder_named(
    turn: JudgedTurn, game: LoadedGame, disorder: frozenset[str], lang: str
) -> JudgedTurn:
    """`turn` with a line naming the powers in civil disorder at the end of
    its public text (in `lang`), and their ids in its JSON; as it is when none."""
    if not disorder:
        return turn
    enough = game.config.civil_disorder_after or 0
    with using(lang, game.config.ruleset):
        names = ", ".join(game.session.power_name(p) for p in sorted(disorder))
        line = ngettext(
            "In civil disorder (no orders for {n} phase in a row): {powers}",
            "In civil disorder (no orders for {n} phases in a row): {powers}",
            enough,
        ).format(n=enough, powers=names)
    return with_section(turn, [line], "civil_disorder", sorted(disorder))

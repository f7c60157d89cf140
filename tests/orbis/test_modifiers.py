"""Modifiers on a roll (rulebook 000 "Modificadores")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.rulesets.orbis.attributes import Attribute, Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.modifiers import (
    SEEKS_MODIFIER,
    SkipReason,
    active,
    behaviour_penalty,
    cancel,
    condition_for,
    consume,
    duration_problem,
    event_modifier,
    expire,
    granted,
    granted_for_result,
    is_modifier_seeking,
    pool,
    purchased,
    roll_modifier,
)
from adjudicator.rulesets.orbis.records import Modifier, ModifierKind

_A = Attribute
_S = Statistic
_K = ModifierKind
DESARROLLO = _S.DESARROLLO  # ECN + INT, not modifier-seeking


def _m(
    attribute: Attribute, value: int, until: int = 510, kind: _K = _K.MEDIDA, src: str = "m"
) -> Modifier:
    return Modifier(attribute, value, until, kind, src)


def _roll(records: list[Modifier], statistic: Statistic = DESARROLLO, **kw: object) -> int:
    kw.setdefault("seeks_modifier", False)
    kw.setdefault("declined", False)
    return roll_modifier(records, statistic, 505, **kw).total  # type: ignore[arg-type]


def test_bonus_lowers_and_penalty_raises_the_roll() -> None:
    """O-045, AMB-13: −ECN is a bonus (the total is negative, added to the
    roll), +ECN a penalty."""
    assert _roll([_m(_A.ECN, -8)]) == -8
    assert _roll([_m(_A.ECN, 8)]) == 8
    assert _m(_A.ECN, -8).bonus and not _m(_A.ECN, 8).bonus


def test_modifier_applies_to_every_statistic_with_its_attribute() -> None:
    """O-046: a −ECN applies to every roll whose threshold adds ECN, and to
    no other."""
    record = _m(_A.ECN, -4)
    with_ecn = {s for s in Statistic if _A.ECN in s.attributes}
    assert with_ecn == {
        _S.COMERCIO,
        _S.INTERVENCION,
        _S.CONSTRUCCION,
        _S.DESARROLLO,
        _S.COMPETENCIA,
    }
    for statistic in Statistic:
        expected = -4 if statistic in with_ecn else 0
        assert _roll([record], statistic) == expected, statistic


def test_declined_bonus_is_neither_applied_nor_used() -> None:
    """O-047, AMB-07: bonuses apply automatically unless declined; a
    declined bonus is not used; penalties apply anyway."""
    bonus, penalty = _m(_A.ECN, -8, src="b"), _m(_A.INT, 4, src="p")
    taken = roll_modifier([bonus, penalty], DESARROLLO, 505, seeks_modifier=False, declined=False)
    assert taken.total == -4
    assert set(taken.used) == {bonus, penalty}
    refused = roll_modifier([bonus, penalty], DESARROLLO, 505, seeks_modifier=False, declined=True)
    assert refused.total == 4
    assert refused.used == (penalty,)
    assert [(s.modifier, s.reason) for s in refused.skipped] == [(bonus, SkipReason.DECLINED)]


def test_modifier_seeking_medida_excludes_only_bonuses() -> None:
    """O-048, AMB-04: on a medida seeking modifiers the pooled bonuses do not
    apply (nor are used); penalties and state conditions still do."""
    bonus, penalty = _m(_A.ECN, -12, src="b"), _m(_A.GES, 8, src="p")
    result = roll_modifier(
        [bonus, penalty],
        _S.COMERCIO,
        505,
        seeks_modifier=True,
        declined=False,
        conditions={"horde": 10, "stability": 5},
    )
    assert result.total == 8 + 10 + 5
    assert result.used == (penalty,)
    assert result.skipped[0].reason is SkipReason.SEEKS_MODIFIER


def test_modifier_seeking_list() -> None:
    """AMB-04: the modifier-seeking medidas; Doctrina and Construcción only
    when the GM counts index restoration as a modifier."""
    assert len(SEEKS_MODIFIER) == 15
    for statistic in (_S.COMERCIO, _S.SEGURIDAD, _S.INTRIGA, _S.HEGEMONIA, _S.BUROCRACIA):
        assert is_modifier_seeking(statistic)
    for statistic in (_S.OFENSIVA, _S.SABOTAJE, _S.DIPLOMACIA, _S.DOCTRINA, _S.CONSTRUCCION):
        assert not is_modifier_seeking(statistic)
    assert is_modifier_seeking(_S.DOCTRINA, restoration_is_modifier=True)
    assert is_modifier_seeking(_S.CONSTRUCCION, restoration_is_modifier=True)
    assert not is_modifier_seeking(_S.OFENSIVA, restoration_is_modifier=True)


@pytest.mark.parametrize(
    ("level", "size"),
    [(Level.LE, 4), (Level.E, 8), (Level.ME, 12), (Level.EC, 16)],
)
def test_granted_sizes_and_signs(level: Level, size: int) -> None:
    """O-053, O-056, O-057, O-058, O-059, AMB-13: a successful medida grants
    4 / 8 / 12 / 16; a bonus is negative, a penalty given to another is
    positive; it lasts through Y+4 (AMB-07)."""
    bonus = granted(_A.ECN, level, 500, "m1")
    assert (bonus.value, bonus.until, bonus.kind) == (-size, 504, _K.MEDIDA)
    assert granted(_A.ADM, level, 500, "m2", penalty=True).value == size


@pytest.mark.parametrize(
    ("level", "size"),
    [(Level.LF, 4), (Level.F, 8), (Level.MF, 12), (Level.FC, 16)],
)
def test_failed_modifier_medida_gives_nothing_or_backfires(level: Level, size: int) -> None:
    """AMB-08, O-056 .. O-059: a failure gives nothing; with
    `failed_modifier_backfires` the roller takes a penalty of the failure's
    size, whether it sought a bonus or a penalty for another."""
    assert granted_for_result(_A.ECN, level, 500, "m") is None
    assert granted_for_result(_A.ECN, level, 500, "m", penalty=True) is None
    for penalty in (False, True):
        back = granted_for_result(
            _A.ECN, level, 500, "m", penalty=penalty, failed_modifier_backfires=True
        )
        assert back is not None and back.value == size and back.until == 504
    won = granted_for_result(_A.ECN, Level.E, 500, "m", failed_modifier_backfires=True)
    assert won is not None and won.value == -8


def test_medida_modifier_lasts_five_years_or_first_use() -> None:
    """O-055, AMB-07: obtained in 500, active through 504, gone in 505; the
    first roll it is applied to uses it up."""
    record = granted(_A.ECN, Level.E, 500, "m1")
    assert active([record], 504) == (record,)
    assert active([record], 505) == ()
    assert expire([record], 505) == ()
    first = roll_modifier([record], DESARROLLO, 501, seeks_modifier=False, declined=False)
    assert first.total == -8 and first.used == (record,)
    left = consume([record], first.used)
    assert left == ()
    second = roll_modifier(left, DESARROLLO, 502, seeks_modifier=False, declined=False)
    assert second.total == 0


def test_penalty_given_is_used_on_first_roll_involving_it() -> None:
    """AMB-07, O-055: a penalty given to a nation is used on its first roll
    involving the attribute, even a modifier-seeking one; a roll on other
    attributes leaves it; events and behaviour records are never used."""
    given_penalty = granted(_A.ADM, Level.ME, 500, "intriga", penalty=True)
    event = _m(_A.ADM, 5, kind=_K.EVENT, src="plague")
    records = [given_penalty, event]
    elsewhere = roll_modifier(records, _S.OFENSIVA, 501, seeks_modifier=False, declined=False)
    assert elsewhere.used == () and elsewhere.total == 0
    seeking = roll_modifier(records, _S.BUROCRACIA, 501, seeks_modifier=True, declined=True)
    assert seeking.total == 17
    assert seeking.used == (given_penalty,)


def test_pool_cap_and_two_attributes() -> None:
    """O-078, AMB-10: an attribute's pool never passes ±25, records kept
    individually (and all used); a roll on two attributes may carry ±50."""
    ecn = [_m(_A.ECN, -16, src="a"), _m(_A.ECN, -12, src="b")]
    assert pool(ecn, _A.ECN) == -25
    assert pool(ecn, _A.INT) == 0
    both = ecn + [_m(_A.INT, -16, src="c"), _m(_A.INT, -16, src="d")]
    result = roll_modifier(both, DESARROLLO, 505, seeks_modifier=False, declined=False)
    assert result.total == -50
    assert [share.raw for share in result.pools] == [-28, -32]
    assert all(share.was_capped for share in result.pools)
    assert len(result.used) == 4
    assert pool([_m(_A.MIL, 20), _m(_A.MIL, 20)], _A.MIL) == 25
    assert pool([_m(_A.MIL, 20, until=499), _m(_A.MIL, 4)], _A.MIL, 505) == 4


def test_bonuses_and_penalties_sum_in_the_pool() -> None:
    """O-054, AMB-06: active bonuses and penalties on an attribute cancel in
    the sum, behaviour penalties included."""
    records = [_m(_A.ECN, -8), _m(_A.ECN, 12, kind=_K.BEHAVIOUR, src="raids")]
    assert pool(records, _A.ECN) == 4


def test_conditions_outside_the_pools_uncapped() -> None:
    """AMB-20, AMB-05: conditions (kind, precedent, stability...) add outside
    the ±25 pools, uncapped, each named in the report."""
    records = [_m(_A.MIL, -16, src="a"), _m(_A.MIL, -16, src="b")]
    horde = {_A.ADM: 10, _A.ECN: 10, _A.MIL: -10, _A.CLT: -10}
    assert condition_for(_S.INTIMIDACION, horde) == -10  # MIL + PRS
    assert condition_for(_S.DIPLOMACIA, horde) == 10  # ADM + PRS
    assert condition_for(_S.LOGISTICA, {_A.MIL: -10, _A.TCN: -5}) == -15
    result = roll_modifier(
        records,
        _S.INTIMIDACION,
        505,
        seeks_modifier=False,
        declined=False,
        conditions={"horde": -10, "precedent": -10},
    )
    assert result.total == -45
    lines = result.lines()
    assert "-10 horde" in lines and "-10 precedent" in lines
    assert any("(medida: a)" in line for line in lines)
    assert any("capped at -25" in line for line in lines)


def test_alcance_shuts_pools_out() -> None:
    """O-062, AMB-09: with an Alcance level the other modifiers neither apply
    nor are used; conditions still apply; `alcance_exclusive=False` applies
    both; a reach of 0 is refused."""
    records = [_m(_A.ECN, -8, src="b"), _m(_A.INT, 12, kind=_K.BEHAVIOUR, src="p")]
    far = roll_modifier(
        records, DESARROLLO, 505, seeks_modifier=False, declined=False,
        conditions={"stability": 5}, reach=15,
    )  # fmt: skip
    assert far.total == 20 and far.used == () and far.reach == 15
    assert {s.reason for s in far.skipped} == {SkipReason.ALCANCE}
    assert "+15 Alcance" in far.lines()
    both = roll_modifier(
        records, DESARROLLO, 505, seeks_modifier=False, declined=False,
        conditions={"stability": 5}, reach=15, alcance_exclusive=False,
    )  # fmt: skip
    assert both.total == 15 + 5 - 8 + 12
    with pytest.raises(ValueError):
        roll_modifier(records, DESARROLLO, 505, seeks_modifier=False, declined=False, reach=0)


def test_cancel_removes_penalties_oldest_first() -> None:
    """AMB-06, O-053, O-054: a bonus medida aimed at removing penalties
    deletes up to its value of penalty records, earliest end first, a
    partly covered record reduced; behaviour penalties and bonuses stay;
    the leftover is reported."""
    old, new = _m(_A.ECN, 4, until=502, src="old"), _m(_A.ECN, 8, until=504, src="new")
    conduct, bonus = _m(_A.ECN, 8, kind=_K.BEHAVIOUR, src="conduct"), _m(_A.ECN, -4, src="b")
    other = _m(_A.MIL, 4, src="mil")
    result = cancel([new, conduct, old, bonus, other], _A.ECN, -8, 501)
    assert result.removed == (old,)
    assert result.reduced == ((new, _m(_A.ECN, 4, until=504, src="new")),)
    assert result.leftover == 0
    assert result.modifiers == (_m(_A.ECN, 4, until=504, src="new"), conduct, bonus, other)
    large = cancel([new, conduct, old], _A.ECN, 16, 501)
    assert large.removed == (old, new) and large.leftover == 4
    assert large.modifiers == (conduct,)
    named = cancel([new, old], _A.ECN, 4, 501, sources={"new"})
    assert named.modifiers == (_m(_A.ECN, 4, until=504, src="new"), old)
    expired = cancel([old], _A.ECN, 4, 503)
    assert expired.removed == () and expired.leftover == 4


def test_event_and_behaviour_limits() -> None:
    """O-049, O-050, AMB-07: event and behaviour records end at most 20
    years from their origin; behaviour records are penalties; refused ones
    say why."""
    assert event_modifier(_A.PRS, -10, 500, 520, "hito").until == 520
    with pytest.raises(ValueError, match="O-049"):
        event_modifier(_A.PRS, -10, 500, 521, "hito")
    assert behaviour_penalty(_A.PRS, 10, 500, 520, "raids").kind is _K.BEHAVIOUR
    with pytest.raises(ValueError, match="O-050"):
        behaviour_penalty(_A.PRS, 10, 500, 521, "raids")
    with pytest.raises(ValueError, match="never a bonus"):
        behaviour_penalty(_A.PRS, -10, 500, 510, "raids")
    assert duration_problem(_K.EVENT, 0, 500, 510) is not None
    assert duration_problem(_K.EVENT, 5, 500, 499) is not None
    assert duration_problem(_K.MEDIDA, 5, 500, 540) is None


def test_purchased_bonus() -> None:
    """AMB-17, O-055: RQU buys −6 on a named Autoridad attribute, PRO on a
    Dominio one; it already applies to the year's medida and goes at first
    use."""
    rqu = purchased(_A.INT, 500, "buy", currency="RQU")
    assert (rqu.value, rqu.until, rqu.kind) == (-6, 504, _K.PURCHASE)
    assert purchased(_A.ECN, 500, "buy", currency="PRO").attribute is _A.ECN
    with pytest.raises(ValueError, match="AMB-17"):
        purchased(_A.ECN, 500, "buy", currency="RQU")
    with pytest.raises(ValueError):
        purchased(_A.INT, 500, "buy", currency="PRO")
    now = roll_modifier([rqu], DESARROLLO, 500, seeks_modifier=False, declined=False)
    assert now.total == -6 and now.used == (rqu,)


_records = st.lists(
    st.builds(
        Modifier,
        st.sampled_from(list(Attribute)),
        st.integers(-16, 16).filter(bool),
        st.integers(495, 515),
        st.sampled_from(list(ModifierKind)),
        st.just("x"),
    ),
    max_size=12,
).map(
    lambda rs: [Modifier(r.attribute, r.value, r.until, r.kind, f"s{i}") for i, r in enumerate(rs)]
)


@settings(max_examples=200, deadline=None)
@given(records=_records, year=st.integers(495, 516), statistic=st.sampled_from(list(Statistic)))
def test_properties_cap_expiry_single_use(
    records: list[Modifier], year: int, statistic: Statistic
) -> None:
    """O-078, AMB-10, O-055, AMB-07: a pool never leaves ±25, expired records
    never apply, a used medida-granted record never applies twice."""
    for attribute in Attribute:
        assert -25 <= pool(records, attribute, year) <= 25
    seen: set[str] = set()
    held: tuple[Modifier, ...] = tuple(records)
    for turn in range(year, year + 6):
        result = roll_modifier(held, statistic, turn, seeks_modifier=False, declined=False)
        assert -50 <= result.total <= 50
        for share in result.pools:
            assert -25 <= share.value <= 25
            for record in share.records:
                assert record.until >= turn
                if record.kind in (_K.MEDIDA, _K.PURCHASE):
                    assert record.source not in seen
                    seen.add(record.source)
        held = expire(consume(held, result.used), turn + 1)
        assert all(record.until > turn for record in held)

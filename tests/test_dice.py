"""Verifiable dice (DESIGN.md, "Dice are inputs, and verifiable")."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

import pytest

from adjudicator.core.dice import (
    Dice,
    Roll,
    commitment,
    derive,
    file_digest,
    verify_roll,
    verify_secret,
)

SECRET = "correct horse battery staple"


def test_commitment_is_sha256_of_the_secret() -> None:
    assert commitment(SECRET) == hashlib.sha256(SECRET.encode()).hexdigest()
    assert verify_secret(SECRET, commitment(SECRET))
    assert not verify_secret("another secret", commitment(SECRET))


def test_a_roll_is_the_hmac_of_its_label_mapped_to_the_die() -> None:
    """Recompute one roll by hand from the documented recipe."""
    label = "game1|1454-spring-movement|income|0"
    digest = hmac.new(SECRET.encode(), f"{label}|0".encode(), hashlib.sha256).digest()
    first_block = int.from_bytes(digest[:8], "big")
    limit = 2**64 - (2**64 % 6)
    assert first_block < limit  # true for this label; keeps the hand computation simple
    assert derive(SECRET, label, 6) == first_block % 6 + 1


def test_rolls_are_addressed_not_drawn_from_a_stream() -> None:
    """Re-running a phase with other rolls first cannot shift an unrelated roll."""
    plain = Dice(SECRET, "game1", "1454-spring-movement")
    busy = Dice(SECRET, "game1", "1454-spring-movement")
    for index in range(5):
        busy.roll("famine", 6, index)
    assert busy.roll("income", 6) == plain.roll("income", 6)


def test_every_roll_is_logged_and_verifiable() -> None:
    dice = Dice(SECRET, "game1", "1455-spring-movement")
    results = dice.pool("plague", 3, sides=10)
    assert [r.result for r in dice.rolls] == list(results)
    assert [r.index for r in dice.rolls] == [0, 1, 2]
    assert all(verify_roll(SECRET, roll) for roll in dice.rolls)
    forged = Roll("game1", "1455-spring-movement", "plague", 0, 10, results[0] % 10 + 1)
    assert not verify_roll(SECRET, forged)
    assert not verify_roll("wrong secret", dice.rolls[0]) or dice.rolls[0].result == derive(
        "wrong secret", dice.rolls[0].label, 10
    )


def test_results_stay_on_the_die_and_every_face_shows() -> None:
    dice = Dice(SECRET, "game1", "1901-spring-movement")
    faces = Counter(dice.roll("fairness", 6, i) for i in range(3000))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(400 < count < 600 for count in faces.values())


def test_different_games_phases_and_purposes_give_independent_labels() -> None:
    base = [derive(SECRET, f"g|p|x|{i}", 100) for i in range(20)]
    assert base != [derive(SECRET, f"h|p|x|{i}", 100) for i in range(20)]
    assert base != [derive(SECRET, f"g|q|x|{i}", 100) for i in range(20)]
    assert base != [derive(SECRET, f"g|p|y|{i}", 100) for i in range(20)]


def test_a_die_needs_sides() -> None:
    with pytest.raises(ValueError, match="at least one side"):
        derive(SECRET, "label", 0)


def test_file_digest_is_the_receipt() -> None:
    assert file_digest(b"A PAR - BUR\n") == hashlib.sha256(b"A PAR - BUR\n").hexdigest()

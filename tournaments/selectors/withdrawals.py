"""What withdrawing or reinstating a player does, read before it is done.

The confirmation pages state these plans word for word, and the services
(`tournaments.services.player_withdraw`, `player_reinstate`) take the same plan under the
section's lock and log its words, so that what the page promised is what happened.

Rounds already paired stand whatever happens to a withdrawal (C.04.2 4.3: a correction
changes what comes next, never a round already paired): a player reinstated after rounds
were paired without them simply has no game in those rounds, which the record reads as
absent (no points).
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import Player
from tournaments.models import PlayerStatus
from tournaments.models import Section
from tournaments.selectors.rounds import section_next_round
from tournaments.wording import rounds_text

__all__ = [
    "ReinstatementPlan",
    "WithdrawalPlan",
    "player_reinstatement_plan",
    "player_withdrawal_plan",
]


def _name(player: Player) -> str:
    return f"{player.full_name} (No. {player.starting_rank})"


def _stand_text(numbers: tuple[int, ...]) -> str:
    """ "rounds 4–5 were paired without them and stand" (one round: "was", "stands")."""
    if len(numbers) == 1:
        return f"{rounds_text(numbers)} was paired without them and stands"
    return f"{rounds_text(numbers)} were paired without them and stand"


@dataclass(frozen=True, slots=True)
class WithdrawalPlan:
    """Withdrawing `player` from round `from_round` on.

    `previous_from` is the round of the withdrawal this one moves (None for a player who
    has not withdrawn); `next_round` the first round not paired yet; `cancelled_byes` the
    rounds whose bye requests go with the withdrawal (the player is not paired then, so a
    bye there would score points for a round they do not play). `blocked` says why it cannot
    be done ("" when it can).
    """

    player: Player
    from_round: int
    next_round: int
    planned_rounds: int
    previous_from: int | None
    cancelled_byes: tuple[int, ...]
    blocked: str

    @property
    def changes_nothing(self) -> bool:
        return self.previous_from == self.from_round

    @property
    def kept_rounds(self) -> tuple[int, ...]:
        """The rounds before the withdrawal already paired with the player: they and their
        results stay."""
        last = min(self.from_round, self.next_round)
        if self.previous_from is not None:
            last = min(last, self.previous_from)
        return tuple(range(self.player.entry_round, last))

    @property
    def still_paired_rounds(self) -> tuple[int, ...]:
        """The rounds before the withdrawal not paired yet: the player is paired in them."""
        first = max(self.player.entry_round, self.next_round)
        if self.previous_from is not None and self.previous_from < self.from_round:
            first = max(first, self.previous_from)
        return tuple(range(first, self.from_round))

    @property
    def stranded_rounds(self) -> tuple[int, ...]:
        """Moving a withdrawal to a later round: the rounds from the old one that were
        paired without the player meanwhile. They stand; the player has no game there."""
        if self.previous_from is None or self.previous_from >= self.from_round:
            return ()
        first = max(self.previous_from, self.player.entry_round)
        return tuple(range(first, min(self.next_round, self.from_round)))

    @property
    def regained_rounds(self) -> tuple[int, ...]:
        """Moving a withdrawal to a later round: the rounds not paired yet in which the
        player is paired again."""
        if self.previous_from is None or self.previous_from >= self.from_round:
            return ()
        first = max(self.previous_from, self.next_round, self.player.entry_round)
        return tuple(range(first, self.from_round))

    @property
    def consequence(self) -> str:
        """The one sentence: what becomes of the player."""
        name = _name(self.player)
        if self.previous_from is not None and not self.changes_nothing:
            return (
                f"The withdrawal of {name} moves from round {self.previous_from} to round "
                f"{self.from_round}: not paired from round {self.from_round} on."
            )
        return f"{name} is not paired from round {self.from_round} on."

    @property
    def goes(self) -> tuple[str, ...]:
        lines = [f"Not paired in {rounds_text(range(self.from_round, self.planned_rounds + 1))}."]
        if self.regained_rounds:
            lines.append(f"Paired again in {rounds_text(self.regained_rounds)}.")
        if self.cancelled_byes:
            lines.append(f"The bye requests for {rounds_text(self.cancelled_byes)} are cancelled.")
        return tuple(lines)

    @property
    def stays(self) -> tuple[str, ...]:
        lines = []
        if self.kept_rounds:
            its = "its result" if len(self.kept_rounds) == 1 else "their results"
            lines.append(f"{rounds_text(self.kept_rounds).capitalize()} and {its} stay.")
        if self.still_paired_rounds and not self.regained_rounds:
            lines.append(f"Paired in {rounds_text(self.still_paired_rounds)} as before.")
        if self.stranded_rounds:
            lines.append(_stand_text(self.stranded_rounds).capitalize() + ".")
        lines.append(
            "Their entry, starting rank and score stay: the withdrawal can be moved or undone."
        )
        return tuple(lines)

    @property
    def description(self) -> str:
        """The log's sentence."""
        parts = [self.consequence.removesuffix(".")]
        if self.regained_rounds:
            parts.append(f"paired again in {rounds_text(self.regained_rounds)}")
        if self.stranded_rounds:
            parts.append(_stand_text(self.stranded_rounds))
        if self.cancelled_byes:
            parts.append(f"bye requests for {rounds_text(self.cancelled_byes)} cancelled")
        return "; ".join(parts) + "."


def player_withdrawal_plan(
    *, player: Player, from_round: int, section: Section | None = None
) -> WithdrawalPlan:
    """What withdrawing `player` from round `from_round` on does, or why it cannot be done:
    `from_round` must not be paired yet (a paired game is settled by its result, a forfeit)
    and must be a round of the section (two queries; `section` is the player's, when the
    caller holds it)."""
    section = section if section is not None else player.section
    next_round = section_next_round(section=section)
    blocked = ""
    if from_round < next_round:
        blocked = f"Round {from_round} is paired already: enter a forfeit instead."
    elif from_round > section.planned_rounds:
        blocked = f"The section has {section.planned_rounds} rounds."
    cancelled = player.bye_requests.filter(round_number__gte=from_round).values_list(
        "round_number", flat=True
    )
    withdrawn = player.status == PlayerStatus.WITHDRAWN
    return WithdrawalPlan(
        player=player,
        from_round=from_round,
        next_round=next_round,
        planned_rounds=section.planned_rounds,
        previous_from=player.withdrawn_from_round if withdrawn else None,
        cancelled_byes=tuple(sorted(cancelled)),
        blocked=blocked,
    )


@dataclass(frozen=True, slots=True)
class ReinstatementPlan:
    """Undoing the withdrawal of `player`: paired again from the next round not paired yet
    (`back_from`, None when every round is paired); the rounds paired without them since
    the withdrawal (`missed_rounds`) stand. `blocked` says why it cannot be done."""

    player: Player
    next_round: int
    planned_rounds: int
    blocked: str

    @property
    def back_from(self) -> int | None:
        first = max(self.next_round, self.player.entry_round)
        return first if first <= self.planned_rounds else None

    @property
    def missed_rounds(self) -> tuple[int, ...]:
        start = self.player.withdrawn_from_round
        if start is None:
            return ()
        first = max(start, self.player.entry_round)
        return tuple(range(first, min(self.next_round, self.planned_rounds + 1)))

    @property
    def consequence(self) -> str:
        name = _name(self.player)
        if self.back_from is None:
            return f"{name} is no longer withdrawn; every round is paired already."
        return f"{name} is paired again from round {self.back_from} on."

    @property
    def goes(self) -> tuple[str, ...]:
        return (f"The withdrawal from round {self.player.withdrawn_from_round} on is undone.",)

    @property
    def stays(self) -> tuple[str, ...]:
        lines = ["Every round paired so far stands, with its results."]
        if self.missed_rounds:
            lines.append(
                _stand_text(self.missed_rounds).capitalize()
                + ": they have no game there and score nothing for it."
            )
        lines.append("Bye requests cancelled by the withdrawal stay cancelled.")
        return tuple(lines)

    @property
    def description(self) -> str:
        """The log's sentence."""
        name = _name(self.player)
        if self.back_from is None:
            text = f"{name} reinstated; every round is paired already"
        else:
            text = f"{name} reinstated: paired again from round {self.back_from}"
        if self.missed_rounds:
            text += f"; {_stand_text(self.missed_rounds)}"
        return text + "."


def player_reinstatement_plan(
    *, player: Player, section: Section | None = None
) -> ReinstatementPlan:
    """What reinstating `player` does (one query), or why it cannot: only a withdrawn player
    is reinstated; it may be done at any time."""
    section = section if section is not None else player.section
    blocked = ""
    if player.status != PlayerStatus.WITHDRAWN:
        blocked = f"{player.full_name} has not withdrawn."
    return ReinstatementPlan(
        player=player,
        next_round=section_next_round(section=section),
        planned_rounds=section.planned_rounds,
        blocked=blocked,
    )

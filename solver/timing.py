"""When a player may start a play (117.1, 117.3, 602.5d)."""

from __future__ import annotations

from manasolve.models.board import Board, Permanent
from manasolve.models.cards import Card
from manasolve.models.oracle.statics import FlashGrant
from manasolve.models.vocab import Step

MAIN_PHASES = ("precombat_main", "postcombat_main")


def no_priority_reason(board: Board, player: str | None = None) -> str | None:
    """Why nobody (or `player`) can act now, or None: no player gets priority in the untap
    step (502.4) or, normally, in cleanup (514.3); only the player holding priority may
    cast or activate (117.1), when the board names one (``priority_player``)."""
    if board.step in (Step.UNTAP, Step.CLEANUP):
        return "no player gets priority during the %s step (117.3)" % board.step
    if player is not None and board.priority_player not in (None, player):
        return "%s holds priority, not %s (117.1)" % (board.priority_player, player)
    return None


def sorcery_timing_reason(board: Board, player: str, what: str) -> str | None:
    """Why `player` can't act at sorcery speed now (their own main phase, empty stack;
    117.1a, 602.5d), or None; `what` opens the reason, e.g. "sorcery timing"."""
    if (why := no_priority_reason(board, player)) is not None:
        return "%s: %s" % (what, why)
    if board.active_player != player:
        return "%s: it is %s's turn" % (what, board.active_player)
    if board.step not in MAIN_PHASES:
        return "%s: the step is %s, not a main phase" % (what, board.step)
    if not board.stack_empty:
        return "%s: the stack is not empty" % what
    return None


def land_play_reason(board: Board, player: str) -> str | None:
    """Why `player` can't play a land now, or None: only in their own main phase with an
    empty stack (305.1, 305.3), and only while land drops remain this turn (305.2)."""
    if (why := sorcery_timing_reason(board, player, "a land play (305.3)")) is not None:
        return why
    allowed = board.land_drops(player)
    if board.player(player).lands_played_this_turn >= allowed:
        return "%s already played %d land(s) this turn, the number allowed (305.2)" % (player, allowed)
    return None


def spell_effect_sources(board: Board) -> list[Permanent]:
    """The permanents whose card changes what other spells cost or when they may be cast
    (cost modifiers and floors, cost sentences read but not applied, flash permissions
    read or not), in battlefield order: found once per board (`Analyses.spell_effects`),
    read for every card a hand casts."""
    held = board.analyses.spell_effects
    if held is None:
        held = board.analyses.spell_effects = [p for p in board.permanents if _affects_spells(p.card)]
    return held


def _affects_spells(card: Card) -> bool:
    sc, st = card.spell_costs, card.statics
    return bool(sc.modifiers or sc.floors or any(u.others for u in sc.unapplied) or st.flash_grants or st.flash_unread)


def _grants(board: Board, player: str) -> list[tuple[str, FlashGrant]]:
    """(source, grant) of every flash permission `player` has now: their permanents'
    (Yeva, Vedalken Orrery), any permanent's "Any player may ..." (Quick Sliver), and the
    effects they resolved this turn (`until_end_of_turn`: Emergence Zone's ability)."""
    out = [(p.id, g) for p in spell_effect_sources(board) for g in p.card.statics.flash_grants
           if g.everyone or p.controller == player]
    out += [("%s.until_end_of_turn" % player, g) for card in board.player(player).until_end_of_turn
            for g in card.statics.flash_this_turn]
    return out


def flash_granted(board: Board, player: str, card: Card) -> bool:
    """Whether an effect lets `player` cast `card` as though it had flash (601.3a, 702.8a)."""
    return any(not g.spells or any(card.has_words(alt) for alt in g.spells) for _, g in _grants(board, player))


def flash_unread(board: Board, player: str, card: Card) -> list[str]:
    """The "as though it/they had flash" sentences that might let `player` cast `card` now
    and are not read (conditions, "the next spell"): on the card and on the battlefield."""
    out = ["%s: %r" % (card.name, s) for s in card.statics.flash_unread if "cast ~" in s]  # its own (Dragon Grip)
    return out + ["%s (%s): %r" % (p.id, p.name, s) for p in spell_effect_sources(board) for s in p.card.statics.flash_unread
                  if "cast ~" not in s and (p.controller == player or "player" in s.lower())]

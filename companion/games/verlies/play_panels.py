"""The panels of a Verlies turn: obstacle, room gold, fight, spoils and trap, their steppers and roll rows."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

import flet as ft

from companion.games.verlies.play_actions import (
    Declared,
    NumberKey,
    Offer,
    VerliesPlay,
    choices,
    declare_and_roll,
    filled,
    range_of,
    seat_name,
    submit,
    template_of,
    text_of,
)
from companion.games.verlies.roll_entry import EntryDie, die_look, roll_entry
from companion.games.verlies.widgets import (
    CHECK,
    COLOR_STYLE,
    FIGHT,
    GOLD,
    GOLDEN,
    ON_GOLD,
    TRAP,
    card_box,
    choice_chip,
    frac_text,
    pct,
    wrap_row,
)
from companion.i18n import add_strings
from components import theme
from components.common import big_button, keyed, toggle_row
from components.gold_counter import clamp, gold_counter
from scoring.engine import Range, Template
from scoring.verlies import (
    ATTRIBUTE_OF,
    DICE_FORMS,
    FAILURE,
    Adventurer,
    State,
    check_chance,
    fight_chance,
)

if TYPE_CHECKING:
    from companion.shell import Shell

# the passage gold's own counter, beside its button in the turn's decision (the purse's "Betrag"
# stays the corrections')
add_strings({
    "rv.play.passage_amount": {"de": "Gold auf dem Gang", "en": "Gold on the passage"},
    "rv.play.passage_minus": {"de": "Gold auf dem Gang −", "en": "Gold on the passage −"},
    "rv.play.passage_plus": {"de": "Gold auf dem Gang +", "en": "Gold on the passage +"},
    # before the dice the card may give instead: short, so its three dice share its line on a phone
    "rv.play.passage_roll": {"de": "Würfeln:", "en": "Roll:"},
})


def _color_chips(shell: Shell, p: Adventurer, colors: Iterable[str], chosen: str,
                 on_pick: Callable[[str], None]) -> ft.Control:
    """One chip a deck colour, in one row: the colour, and under it the attribute it checks with the
    hero's value (rv.obstacle, rv.room); the chosen one framed and ticked."""
    out: list[ft.Control] = []
    for c in colors:
        strong, fg = COLOR_STYLE[c]
        attr = ATTRIBUTE_OF[c]
        picked = chosen == c
        head: list[ft.Control] = [ft.Icon(ft.Icons.CHECK, size=16, color=fg)] if picked else []
        head.append(ft.Text(shell.t(f"rv.color.{c}"), size=15, color=fg, no_wrap=True,
                            weight=ft.FontWeight.BOLD if picked else ft.FontWeight.W_500))
        out.append(ft.Button(
            content=ft.Column([
                ft.Row(head, spacing=2, tight=True),
                ft.Text(shell.t("rv.play.attr_value", attr=shell.t(f"rv.attr.{attr}"), value=p.value(attr)), size=13,
                        color=fg, no_wrap=True),
            ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            tooltip=shell.t("rv.play.color_attr", color=shell.t(f"rv.color.{c}"), attr=shell.t(f"rv.attr.{attr}"),
                            value=p.value(attr)),
            bgcolor=strong, height=52, expand=1, on_click=lambda e, c=c: on_pick(c),
            style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=10),
                                 side=ft.BorderSide(3, theme.TEXT) if picked else None,
                                 padding=ft.Padding.symmetric(horizontal=4)),
        ))
    return ft.Row(out, spacing=6)


def _odds(shell: Shell, needs: str, chance: Fraction, den: int) -> ft.Control:
    """What the die must show and the chance of it, on one line where it fits."""
    return ft.Row([
        ft.Text(needs, size=15),
        ft.Text(shell.t("rv.play.chance", pct=pct(chance), frac=frac_text(chance, den)), size=20,
                weight=ft.FontWeight.BOLD, color=theme.PRIMARY),
    ], wrap=True, spacing=10, run_spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _number_stepper(shell: Shell, st: VerliesPlay, key: NumberKey, label_key: str, low: int,
                    high: int) -> ft.Control:
    def changed(delta: int) -> None:
        setattr(st, key, clamp(st.number_of(key) + delta, low, high))
        shell.render()

    label = shell.t(label_key)
    return gold_counter(st.number_of(key), changed, label=label, minus_tip=label + " −", plus_tip=label + " +", low=low,
                        high=high)


def _range_stepper(shell: Shell, st: VerliesPlay, key: NumberKey, label_key: str, spec: Range,
                   cap: int = 99) -> ft.Control:
    """A stepper over a template field's allowed range (the screen shows at most ``cap``)."""
    low, high = spec.lo, min(spec.hi, max(spec.lo, cap))
    setattr(st, key, clamp(st.number_of(key), low, high))
    return _number_stepper(shell, st, key, label_key, low, high)


def obstacle_panel(shell: Shell, state: State, st: VerliesPlay, template: Template) -> ft.Control:
    me = state.current
    p = state.players[me]

    def pick_kind(kind: str) -> None:
        st.kind = kind
        shell.render()

    def pick_color(color: str) -> None:
        st.color = color
        shell.render()

    kinds = wrap_row([
        choice_chip(shell.t(f"rv.kind.{k}"), st.kind == k, lambda e, k=k: pick_kind(k))
        for k in choices(template, "kind")
    ])
    colors = _color_chips(shell, p, choices(template, "color"), st.color, pick_color)
    number = _range_stepper(shell, st, "number", "rv.play.number", range_of(template, "number"))
    attr = ATTRIBUTE_OF[st.color]
    value = p.value(attr)
    chance = check_chance(value, st.number)
    fail = FAILURE[st.kind]
    fail_key = "rv.fail.hurt_loss" if fail.loss else ("rv.fail.hurt" if fail.injury else "rv.fail.blocked")

    def declared(t: Template) -> Declared | None:
        return filled(shell, t, kind=st.kind, color=st.color, number=st.number)

    controls = [
        kinds,
        colors,
        number,
        _odds(shell, shell.t("rv.play.needs", attr=shell.t(f"rv.attr.{attr}"), value=value, number=st.number),
              chance, 6),
        ft.Text(shell.t("rv.play.on_fail", what=shell.t(fail_key)), size=14, color=theme.MUTED),
        *roll_entry(shell, st, [EntryDie("typed", shell.t("rv.play.typed"), die_look(shell, state, "check"))],
                    roll=lambda: declare_and_roll(shell, declared(template), None, 1),
                    apply=lambda vals: declare_and_roll(shell, declared(template), vals, 1),
                    apply_text=shell.t("rv.play.apply")),
    ]
    return card_box(controls, color=theme.CARD_STRONG, frame=CHECK)


def decline_button(shell: Shell, st: VerliesPlay, decline: Template) -> ft.Control:
    """Not trying the obstacle set in the panel (rv.obstacle): beside the panel's chip, so the whole
    panel, the real dice too, fits the first screen."""
    return ft.TextButton(content=shell.t("rv.play.decline"), height=48, on_click=lambda e: submit(
        shell, filled(shell, decline, kind=st.kind, color=st.color, number=st.number)))


def _dice_buttons(shell: Shell, template: Template | None, key: str) -> ft.Control | None:
    """The dice forms the card may give (rv.dice), in one row of chips after "Gold per Würfel:" (each
    says in full what it rolls: "Monstergold: W6 würfeln"); the W6 then comes through the roll panel."""
    if template is None:
        return None
    chips = [choice_chip(shell.t(f"rv.dice.{form}"), False,
                         lambda e, form=form: submit(shell, filled(shell, template, dice=form), clear=()),
                         tooltip=shell.t(key, form=shell.t(f"rv.dice.{form}")))
             for form in template.fields["dice"]]
    return ft.Row([ft.Text(shell.t("rv.play.trap_dice"), size=15), *chips], wrap=True, spacing=6, run_spacing=6,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def room_gold_panel(shell: Shell, st: VerliesPlay, amount: Template | None, dice: Template | None) -> ft.Control:
    controls: list[ft.Control] = []
    if amount is not None:
        take = amount
        controls += [
            _range_stepper(shell, st, "room_gold", "rv.play.room_gold_amount", range_of(amount, "gold")),
            big_button(shell.t("rv.play.room_gold_take", n=st.room_gold),
                       lambda e: submit(shell, filled(shell, take, gold=st.room_gold)),
                       color=GOLD, text_color=ON_GOLD),
        ]
    by_dice = _dice_buttons(shell, dice, "rv.play.room_gold_dice")
    return card_box([*controls, *([by_dice] if by_dice else [])], color=theme.CARD_STRONG, frame=GOLDEN)


def passage_gold_panel(shell: Shell, st: VerliesPlay, amount: Template | None, dice: Template | None,
                       taken: bool) -> ft.Control:
    """The gold of the passage just laid (rv.gold, rv.dice), right below the card in the turn's
    decision: on the first screen of a phone, where the card was said; its amount, its button and
    the dice the card may give instead.

    Once its gold is taken (rv.gold: once per card) the buttons stay where they are, greyed out, and
    one line says why: nothing below them moves under the finger, and the undo that gives the gold
    back enables them again instead of sending them anew. Each part has its key, so it is the same
    control on the phone from one tap to the next."""
    spec = range_of(amount, "amount") if amount is not None else Range(lo=1, hi=99)
    low, high = spec.lo, min(spec.hi, 99)
    st.passage_gold = clamp(st.passage_gold, low, high)
    value = st.passage_gold

    def step(delta: int) -> None:
        st.passage_gold = clamp(st.passage_gold + delta, low, high)
        shell.render()

    def take(e: ft.Event[ft.Button]) -> None:
        if amount is not None:  # a disabled button sends no tap; this guards a stale one
            submit(shell, filled(shell, amount, amount=st.passage_gold), clear=())

    def roll(form: str) -> None:
        if dice is not None and form in choices(dice, "dice"):
            submit(shell, filled(shell, dice, dice=form), clear=())

    forms = choices(dice, "dice") if dice is not None else ()
    chips: list[ft.Control] = []
    for form in DICE_FORMS:  # rv.dice: every form the card may give, the offered ones enabled
        chip = choice_chip(shell.t(f"rv.dice.{form}"), False, lambda e, form=form: roll(form),
                           tooltip=shell.t("rv.play.passage_dice", form=shell.t(f"rv.dice.{form}")))
        chip.disabled = form not in forms
        chips.append(keyed(chip, f"passage-{form}"))
    offered = amount is not None or dice is not None
    # the greyed buttons say why (one line that changes its words, never comes or goes with a tap)
    why = shell.t("rv.play.passage_taken" if taken and not offered else "rv.play.passage_once")
    counter = gold_counter(value, step, label=shell.t("rv.play.passage_amount"), low=low, high=high,
                           minus_tip=shell.t("rv.play.passage_minus"), plus_tip=shell.t("rv.play.passage_plus"))
    counter.disabled = amount is None  # greyed with its button once the gold is taken
    return card_box([
        keyed(ft.Text(why, size=14, weight=ft.FontWeight.W_600), "passage-why"),
        keyed(counter, "passage-amount"),
        keyed(big_button(shell.t("rv.play.passage", n=value), take, color=GOLD if amount is not None else None,
                         text_color=ON_GOLD if amount is not None else None, disabled=amount is None), "passage"),
        keyed(ft.Row([ft.Text(shell.t("rv.play.passage_roll"), size=15), *chips], wrap=True, spacing=6, run_spacing=6,
                     vertical_alignment=ft.CrossAxisAlignment.CENTER), "passage-dice"),
    ], color=theme.CARD_STRONG, frame=GOLDEN)


def _check(*, label: str, value: bool, on_change: Callable[[bool], None]) -> ft.Control:
    """A checkbox row of the full touch height, its label included (Flutter's were 40 px);
    a tap hands ``on_change`` the new value."""
    return toggle_row(label, value, lambda: on_change(not value))


def _fight_choices(shell: Shell, state: State, st: VerliesPlay, template: Template, others: list[int],
                   roller: int) -> tuple[ft.Control, ft.Control]:
    """The fight's two choices as chips: the hero's attribute, and who rolls for the monster."""
    p = state.players[state.current]

    def pick_attribute(a: str) -> None:
        st.attribute = a
        shell.render()

    def pick_roller(seat: int) -> None:
        st.roller = seat
        shell.render()

    attributes = choices(template, "attribute")
    if st.attribute not in attributes:
        st.attribute = attributes[0]
    attrs = wrap_row([
        choice_chip(shell.t("rv.play.attr_value", attr=shell.t(f"rv.attr.{a}"), value=p.value(a)), st.attribute == a,
                    lambda e, a=a: pick_attribute(a)) for a in attributes
    ])
    rollers = ft.Row([
        ft.Text(shell.t("rv.play.roller"), size=14),  # beside its chips: the fight fits the first screen
        *(choice_chip(seat_name(state, s), roller == s, lambda e, s=s: pick_roller(s),
                      tooltip=shell.t("rv.play.roller_pick", name=seat_name(state, s))) for s in others),
    ], wrap=True, spacing=6, run_spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    return attrs, rollers


def fight_panel(shell: Shell, state: State, st: VerliesPlay, template: Template) -> ft.Control:
    me = state.current
    p = state.players[me]
    n = len(state.players)
    others = sorted(choices(template, "monster_roller"), key=lambda s: (s - me) % n)  # the next player first
    fight = (state.turn_no, len(state.log))  # this fight: a new one starts from the default values
    if st.fight != fight:
        st.new_fight(fight)
    # by default the next player still in the dungeon (at the table)
    roller = st.roller
    if roller is None or roller not in others:
        roller = next((s for s in others if not state.players[s].escaped), others[0])
    st.roller = roller

    attrs, rollers = _fight_choices(shell, state, st, template, others, roller)
    monster_value = _range_stepper(shell, st, "monster_value", "rv.play.monster_value",
                                   range_of(template, "monster_value"))
    value = p.value(st.attribute)
    chance = fight_chance(value, st.monster_value)
    # on a seat's own phone the monster's roller rolls on theirs (the roll panel there)
    two_step = shell.seats is not None and roller not in shell.seats

    def declared() -> Declared | None:
        return filled(shell, template, monster_value=st.monster_value, attribute=st.attribute,
                      monster_roller=st.roller)

    # the monster's die is the roller's (rv.monster): entered here only where this phone acts for that seat
    dice = [EntryDie("typed_hero", shell.t("rv.play.typed_hero", name=p.name), die_look(shell, state, "hero"))]
    if not two_step:
        dice.append(EntryDie("typed_monster", shell.t("rv.play.typed_monster"), die_look(shell, state, "monster")))
    return card_box(
        [
            ft.Text(shell.t("rv.play.fight_title", name=p.name), size=17, weight=ft.FontWeight.BOLD),
            monster_value,
            ft.Text(shell.t("rv.play.attribute"), size=14),
            attrs,
            rollers,
            _odds(shell, shell.t("rv.play.fight_needs", attr=shell.t(f"rv.attr.{st.attribute}"), value=value,
                                 monster=st.monster_value), chance, 36),
            *([ft.Text(shell.t("rv.play.monster_next", name=seat_name(state, roller)), size=14,
                        color=theme.MUTED)] if two_step else []),
            # without the monster's die entered, the roll panel asks for it next
            *roll_entry(shell, st, dice, roll=lambda: declare_and_roll(shell, declared(), None, 2),
                        apply=lambda vals: declare_and_roll(shell, declared(), vals, len(vals)),
                        apply_text=shell.t("rv.play.fight_apply")),
        ],
        color=theme.CARD_STRONG,
        frame=FIGHT,
    )


def spoils_panel(shell: Shell, state: State, st: VerliesPlay, offers: list[Offer]) -> ft.Control:
    me = state.current
    p = state.players[me]
    treasure = template_of(offers, "gain_treasure", "gold")
    gold = template_of(offers, "gain_gold", "amount", reason="monster")

    def changed(e: ft.Event[ft.TextField]) -> None:
        st.treasure_name = e.control.value or ""

    def set_magic(value: bool) -> None:
        st.magic = value
        shell.render()  # the box shows the tap, and its next tap starts from the new value

    def set_hidden(value: bool) -> None:
        st.hidden = value
        shell.render()

    controls: list[ft.Control] = [ft.Text(shell.t("rv.play.spoils_title", name=p.name), size=17,
                                          weight=ft.FontWeight.BOLD)]
    takes: list[ft.Control] = []
    if treasure is not None:
        t, most = treasure, text_of(treasure, "name").max_length

        def take(e: ft.Event[ft.Button]) -> None:
            name = (st.treasure_name or "").strip() or f"{shell.t('rv.play.default_treasure')} {len(p.treasures) + 1}"
            submit(shell, filled(shell, t, name=name[:most], gold=st.treasure_value, magic=st.magic,
                                 hidden=st.hidden),
                   clear=("treasure_name", "panel"))

        controls += [
            ft.TextField(label=shell.t("rv.play.treasure_name"), value=st.treasure_name, on_change=changed,
                         dense=True, max_length=most,
                         # the count in the table's language, not Flutter's "40 characters remaining"
                         counter=shell.t("app.max_chars", n=most)),
            _range_stepper(shell, st, "treasure_value", "rv.play.treasure_value", range_of(treasure, "gold")),
            ft.Row([
                _check(label=shell.t("rv.play.treasure_magic"), value=st.magic, on_change=set_magic),
                _check(label=shell.t("rv.play.treasure_hidden"), value=st.hidden, on_change=set_hidden),
            ], wrap=True),
        ]
        takes.append(big_button(shell.t("rv.play.take_treasure"), take, color=GOLD, text_color=ON_GOLD))
    if gold is not None:
        g = gold
        takes.append(big_button(shell.t("rv.play.monster_gold", n=st.gold),
                                lambda e: submit(shell, filled(shell, g, amount=st.gold), clear=())))
    # side by side where they fit: the spoils of a fight won fit the first screen with its dice
    controls.append(ft.Row(takes, wrap=True, spacing=8, run_spacing=8))
    by_dice = _dice_buttons(shell, template_of(offers, "roll_gold", "dice", reason="monster"),
                            "rv.play.monster_gold_dice")
    return card_box([*controls, *([by_dice] if by_dice else [])], color=theme.CARD_STRONG, frame=GOLDEN)


def trap_panel(shell: Shell, state: State, st: VerliesPlay, plain: Template | None,
               checked: Template | None, dice_plain: Template | None = None,
               dice_checked: Template | None = None) -> ft.Control:
    me = state.current
    p = state.players[me]

    def set_injury(value: bool) -> None:
        st.trap_injury = value
        shell.render()

    def set_loss(value: bool) -> None:
        st.trap_loss = value
        shell.render()

    def set_check(value: bool) -> None:
        st.trap_check = value
        shell.render()

    def pick(value: str) -> None:
        st.color = value
        shell.render()

    def dice(form: str) -> None:  # rv.dice: tap the chosen form again for a typed amount
        st.trap_dice = None if st.trap_dice == form else form
        shell.render()

    with_check = st.trap_check and checked is not None
    by_dice = st.trap_dice is not None and (dice_checked if with_check else dice_plain) is not None
    template = (dice_checked if with_check else dice_plain) if by_dice else (checked if with_check else plain)
    title = ft.Text(shell.t("rv.play.trap_title"), size=17, weight=ft.FontWeight.BOLD)
    if template is None:  # nothing to declare (not reached: the engine offers a pending trap's template)
        return card_box([title], color=theme.CARD_STRONG, frame=TRAP)
    declaring = template
    gold: dict[str, object] = {"lose_dice": st.trap_dice} if by_dice else {"lose_gold": st.trap_gold}
    effects = {**gold, "injury": st.trap_injury, "loss_choice": st.trap_loss}

    def declared() -> Declared | None:
        check = {"color": st.color, "number": st.number} if with_check else {}
        return filled(shell, declaring, **effects, **check)

    controls: list[ft.Control] = [
        title,
        *([] if by_dice
          else [_range_stepper(shell, st, "trap_gold", "rv.play.trap_gold", range_of(template, "lose_gold"))]),
        *([wrap_row([ft.Text(shell.t("rv.play.trap_dice"), size=15),
                     *(choice_chip(shell.t(f"rv.dice.{f}"), st.trap_dice == f, lambda e, f=f: dice(f))
                       for f in choices(dice_plain, "lose_dice"))])] if dice_plain is not None else []),
        ft.Row([
            _check(label=shell.t("rv.play.trap_injury"), value=st.trap_injury, on_change=set_injury),
            _check(label=shell.t("rv.play.trap_loss"), value=st.trap_loss, on_change=set_loss),
        ], wrap=True),
    ]
    if checked is not None and plain is not None:
        controls.append(_check(label=shell.t("rv.play.trap_check"), value=st.trap_check, on_change=set_check))
    if with_check and checked is not None:
        colors = _color_chips(shell, p, choices(checked, "color"), st.color, pick)
        number = _range_stepper(shell, st, "number", "rv.play.number", range_of(checked, "number"))
        value = p.value(ATTRIBUTE_OF[st.color])
        chance = check_chance(value, st.number)
        controls += [
            colors,
            number,
            _odds(shell, shell.t("rv.play.needs", attr=shell.t(f"rv.attr.{ATTRIBUTE_OF[st.color]}"), value=value,
                                 number=st.number), chance, 6),
            *roll_entry(shell, st, [EntryDie("typed", shell.t("rv.play.typed"), die_look(shell, state, "check"))],
                        roll=lambda: declare_and_roll(shell, declared(), None, 1),
                        apply=lambda vals: declare_and_roll(shell, declared(), vals, 1),
                        apply_text=shell.t("rv.play.trap_apply")),
        ]
    else:
        controls.append(big_button(shell.t("rv.play.trap_apply"), lambda e: submit(shell, declared()),
                                   color=theme.PRIMARY, text_color=theme.ON_PRIMARY))
    return card_box(controls, color=theme.CARD_STRONG, frame=TRAP)

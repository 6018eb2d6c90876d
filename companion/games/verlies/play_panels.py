"""The panels of a Verlies turn: obstacle, room gold, fight, spoils and trap, their steppers and roll rows."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import flet as ft

from companion.games.verlies.play_actions import (
    CHECK_DIE,
    Declared,
    NumberKey,
    Offer,
    TypedKey,
    VerliesPlay,
    bad_roll,
    choices,
    declare_and_roll,
    filled,
    range_of,
    real_dice_row,
    seat_name,
    submit,
    template_of,
    text_of,
    typed_faces,
)
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
    parse_roll,
    pct,
    wrap_row,
)
from components import theme
from components.common import big_button, toggle_row
from components.gold_counter import clamp, gold_counter
from scoring.engine import Range, Template
from scoring.verlies import (
    ATTRIBUTE_OF,
    FAILURE,
    Adventurer,
    State,
    check_chance,
    fight_chance,
)

if TYPE_CHECKING:
    from companion.shell import Shell


def _color_chips(shell: Shell, p: Adventurer, colors: Iterable[str], chosen: str,
                 on_pick: Callable[[str], None]) -> list[ft.Control]:
    """One chip a deck colour, with the attribute it checks and the hero's value (rv.obstacle, rv.room)."""
    out: list[ft.Control] = []
    for c in colors:
        strong, fg = COLOR_STYLE[c]
        attr = ATTRIBUTE_OF[c]
        out.append(choice_chip(shell.t("rv.play.color_attr", color=shell.t(f"rv.color.{c}"),
                                       attr=shell.t(f"rv.attr.{attr}"), value=p.value(attr)),
                               chosen == c, lambda e, c=c: on_pick(c), color=strong, text_color=fg))
    return out


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


def roll_row(shell: Shell, st: VerliesPlay, key: TypedKey, label: str, virtual: Callable[[], object],
             typed_apply: Callable[[int], object], apply_text: str, dice: ft.Control | None = None) -> list[ft.Control]:
    """A virtual W6 button (the table rolls), the real die by tapping (``dice``) and a field for
    it, with "Übernehmen"."""

    def changed(e: ft.Event[ft.TextField]) -> None:
        setattr(st, key, e.control.value or "")

    def typed(e: ft.Event[ft.TextField] | ft.Event[ft.Button]) -> None:
        v = parse_roll(st.typed_of(key))
        if v is None:
            bad_roll(shell, st.typed_of(key))
            return
        typed_apply(v)

    field = ft.TextField(label=label, value=st.typed_of(key), on_change=changed, on_submit=typed, dense=True,
                         width=170, keyboard_type=ft.KeyboardType.NUMBER)
    return [
        ft.Row([
            big_button(shell.t("rv.play.roll"), lambda e: virtual(), color=theme.PRIMARY,
                       text_color=theme.ON_PRIMARY, expand=True),
        ]),
        *([dice] if dice is not None else []),
        ft.Row([field, big_button(apply_text, typed, expand=True)]),
    ]


def obstacle_panel(shell: Shell, state: State, st: VerliesPlay, template: Template,
                   decline: Template | None) -> ft.Control:
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
        ft.Text(shell.t("rv.play.kind"), size=14),
        kinds,
        wrap_row(colors),
        number,
        ft.Text(shell.t("rv.play.needs", attr=shell.t(f"rv.attr.{attr}"), value=value, number=st.number), size=15),
        ft.Text(shell.t("rv.play.chance", pct=pct(chance), frac=frac_text(chance, 6)), size=22,
                weight=ft.FontWeight.BOLD, color=theme.PRIMARY),
        ft.Text(shell.t("rv.play.on_fail", what=shell.t(fail_key)), size=14, color=theme.MUTED),
        *roll_row(shell, st, "typed", shell.t("rv.play.typed"),
                  lambda: declare_and_roll(shell, declared(template), None, 1),
                  lambda v: declare_and_roll(shell, declared(template), [v], 1), shell.t("rv.play.apply"),
                  real_dice_row(shell, "obstacle", [("w6", CHECK_DIE, "check")],
                                lambda vals: declare_and_roll(shell, declared(template), vals, 1))),
    ]
    if decline is not None:
        controls.append(ft.TextButton(content=shell.t("rv.play.decline"), height=48,
                                      on_click=lambda e: submit(shell, declared(decline))))
    return card_box(controls, color=theme.CARD_STRONG, frame=CHECK)


def _dice_buttons(shell: Shell, template: Template | None, key: str) -> list[ft.Control]:
    """One button per dice form the card may give (rv.dice); the W6 then comes through the roll panel."""
    if template is None:
        return []
    return [big_button(shell.t(key, form=shell.t(f"rv.dice.{form}")),
                       lambda e, form=form: submit(shell, filled(shell, template, dice=form), clear=()))
            for form in template.fields["dice"]]


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
    controls.append(wrap_row(_dice_buttons(shell, dice, "rv.play.room_gold_dice")))
    return card_box(controls, color=theme.CARD_STRONG, frame=GOLDEN)


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
    rollers = wrap_row([
        choice_chip(seat_name(state, s), roller == s, lambda e, s=s: pick_roller(s),
                    tooltip=shell.t("rv.play.roller_pick", name=seat_name(state, s))) for s in others
    ])
    return attrs, rollers


def _typed_fight_dice(shell: Shell, st: VerliesPlay, hero_label: str,
                      typed: Callable[[ft.Event[ft.TextField]], None], two_step: bool) -> ft.Control:
    """The fight's dice typed in: the hero's, and the monster's where this phone acts for its roller."""

    def changed(key: TypedKey) -> Callable[[ft.Event[ft.TextField]], None]:
        def handler(e: ft.Event[ft.TextField]) -> None:
            setattr(st, key, e.control.value or "")

        return handler

    return ft.Row([
        ft.TextField(label=hero_label, value=st.typed_hero, on_change=changed("typed_hero"),
                     on_submit=typed if two_step else None, dense=True, expand=True,
                     keyboard_type=ft.KeyboardType.NUMBER),
        # the monster's die is the roller's (rv.monster): typed here only where this phone acts for that seat
        *([] if two_step else [ft.TextField(label=shell.t("rv.play.typed_monster"), value=st.typed_monster,
                                            on_change=changed("typed_monster"), on_submit=typed, dense=True,
                                            expand=True, keyboard_type=ft.KeyboardType.NUMBER)]),
    ])


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

    def changed(key: TypedKey) -> Callable[[ft.Event[ft.TextField]], None]:
        def handler(e: ft.Event[ft.TextField]) -> None:
            setattr(st, key, e.control.value or "")

        return handler

    def typed(e: ft.Event[ft.TextField] | ft.Event[ft.Button]) -> None:
        faces = typed_faces(shell, st, ("typed_hero",) if two_step else ("typed_hero", "typed_monster"))
        if faces is not None:  # without the monster's roll typed, the roll panel asks for it next
            declare_and_roll(shell, declared(), faces, len(faces))

    hero_label = shell.t("rv.play.typed_hero", name=p.name)
    return card_box(
        [
            ft.Text(shell.t("rv.play.fight_title", name=p.name), size=17, weight=ft.FontWeight.BOLD),
            monster_value,
            ft.Text(shell.t("rv.play.attribute"), size=14),
            attrs,
            ft.Text(shell.t("rv.play.roller"), size=14),
            rollers,
            ft.Text(shell.t("rv.play.fight_needs", attr=shell.t(f"rv.attr.{st.attribute}"), value=value,
                            monster=st.monster_value), size=15),
            ft.Text(shell.t("rv.play.chance", pct=pct(chance), frac=frac_text(chance, 36)), size=22,
                    weight=ft.FontWeight.BOLD, color=theme.PRIMARY),
            *([ft.Text(shell.t("rv.play.monster_next", name=seat_name(state, roller)), size=14,
                        color=theme.MUTED)] if two_step else []),
            ft.Row([big_button(shell.t("rv.play.roll"), lambda e: declare_and_roll(shell, declared(), None, 2),
                               color=theme.PRIMARY, text_color=theme.ON_PRIMARY, expand=True)]),
            # the monster's die is the roller's (rv.monster): tapped here only where this phone acts for that seat
            real_dice_row(shell, "fight", [("hero", CHECK_DIE, "hero"), *([] if two_step else [("monster", CHECK_DIE,
                                                                                                "monster")])],
                          lambda vals: declare_and_roll(shell, declared(), vals, len(vals))),
            _typed_fight_dice(shell, st, hero_label, typed, two_step),
            ft.Row([big_button(shell.t("rv.play.fight_apply"), typed, expand=True)]),
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
            big_button(shell.t("rv.play.take_treasure"), take, color=GOLD, text_color=ON_GOLD),
        ]
    if gold is not None:
        g = gold
        controls.append(big_button(shell.t("rv.play.monster_gold", n=st.gold),
                                   lambda e: submit(shell, filled(shell, g, amount=st.gold), clear=())))
    controls.append(wrap_row(_dice_buttons(shell, template_of(offers, "roll_gold", "dice", reason="monster"),
                                           "rv.play.monster_gold_dice")))
    return card_box(controls, color=theme.CARD_STRONG, frame=GOLDEN)


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
            wrap_row(colors),
            number,
            ft.Text(shell.t("rv.play.chance", pct=pct(chance), frac=frac_text(chance, 6)), size=22,
                    weight=ft.FontWeight.BOLD, color=theme.PRIMARY),
            *roll_row(shell, st, "typed", shell.t("rv.play.typed"),
                      lambda: declare_and_roll(shell, declared(), None, 1),
                      lambda v: declare_and_roll(shell, declared(), [v], 1), shell.t("rv.play.trap_apply"),
                      real_dice_row(shell, "trap", [("w6", CHECK_DIE, "check")],
                                    lambda vals: declare_and_roll(shell, declared(), vals, 1))),
        ]
    else:
        controls.append(big_button(shell.t("rv.play.trap_apply"), lambda e: submit(shell, declared()),
                                   color=theme.PRIMARY, text_color=theme.ON_PRIMARY))
    return card_box(controls, color=theme.CARD_STRONG, frame=TRAP)

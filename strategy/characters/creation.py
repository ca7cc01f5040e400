# TEMPORARY STUB (replaced by the btq branch)
from strategy.characters.sheet import Sheet
def roll_sheet(position, rng, experiences=4, social_class=None):
    return Sheet(position, {m: rng.randint(1, 4) for m in ("Guts", "Discipline", "Influence", "Charm")}, {"Seamanship": rng.randint(1, 4)})

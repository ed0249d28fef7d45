"""Registers the games with Gymnasium: `import gameboard.gym` then
gymnasium.make("gameboard/<Slug>-v0") for every slug of gameboard.slugs(). Needs Gymnasium."""

import gymnasium

from . import slugs

ENV_IDS = []

for _slug in slugs():
    _id = f"gameboard/{_slug.capitalize()}-v0"
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point="gameboard:make", kwargs={"slug": _slug})
    ENV_IDS.append(_id)

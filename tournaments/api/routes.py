"""The beginnings of the routes under /api/v1/ that the apps' API routes share."""

SECTION = "sections/<int:pk>/"
ROUND = SECTION + "rounds/<int:number>/"
PLAYER = SECTION + "players/<int:rank>/"
GAME = "games/<int:pk>/"

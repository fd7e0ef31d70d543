"""What the doors show of a game, built from one viewer's `engine.player_view`:
`table` (the present position, for the page and the e-mails) and `replay`
(a past position, stepped by move, play or round); `recap` (what each seat
did since the viewer's last play, and the cells it changed), `seats` (the
compact seat and team rows in turn order) and `history` (plays with their
draws folded in, by rounds) are their parts; `lost_draws`, `chat`, `votes`,
`resignation` and `rating_chart` the rest of the page. Who may see a game
at all is `games.selectors`."""

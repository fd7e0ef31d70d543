"""What the doors show of a game, built from one viewer's `engine.player_view`:
`table` (the present position, for the page and the e-mails) and `replay`
(a past position). Who may see a game at all is `games.selectors`."""

"""Moves by e-mail: three doors (an MTA pipe, an anymail webhook, an IMAP
poll) and one handler behind them. The reply addresses are games.mail.tokens;
the answers go out through the mail outbox (games.mail.outbox.written).

    safety.py    what a message must pass before it is read: loops, bounces,
                 lists, size, Authentication-Results, rate limits
    intake.py    store first (InboundMessage), then handle: the doors call receive()
    body.py      the reply's own words: MIME, HTML, format=flowed, quotes, signatures
    words.py     the players' own words (suits, ranks, commands, fillers), in every language of the site
    commands.py  lines of text -> commands (moves in the engine's notation, help, board, resign)
    handler.py   the commands through games.services, in one transaction, and the answer as an outbox row
    replies.py   the answer to every message handled, threaded
    retention.py handled messages and dead reply addresses, pruned after INBOUND_RETENTION_DAYS
    webhook.py, imap.py, tasks.py   the webhook's signal receiver, the IMAP poll and its beat task
The pipe door is games/management/commands/receive_email.py; the moderators'
list of messages is games/admin/inbound.py.
"""

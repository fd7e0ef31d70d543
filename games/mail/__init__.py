"""Outbound notices: who is owed which e-mail (and push), the outbox that
sends it exactly once, and how each is written.

    notify.py      who is owed what after a change (called by the services, in the change's transaction)
    outbox.py      the owed e-mails as rows, claimed in batches, sent once, retried, pruned;
                   also the answers to e-mailed moves (games.inbound), written when owed
    dispatch.py    the outbox's Celery tasks, by name (the tasks themselves are games.tasks)
    emails.py      an outbox row as a message: the shared context, in the recipient's language and time zone
    kinds/         one small class per kind of e-mail: whether it still applies, its context, its templates
    turn_news.py   what happened since a player last acted, for a batch of turn e-mails
    board_text.py  the board as text
    board_html.py  the board's cells and the team chips as HTML
    parts.py       the parts many e-mails share (reply line, clock, recap, chat, board, hand, footer),
                   written in Python; each kind's templates call them ({% load mail_parts %})
    mime.py        the message's headers and parts; a message kept as written until sent
    tokens.py      reply addresses (the e-mail door, games.inbound, reads replies to them)
    push_owed.py   the pushes owed to a player's devices for the outbox's rows (Web Push)
    push_send.py   sending them: claimed, encrypted, VAPID-signed, retried
    push_payload.py what a push says (the e-mail's subject), in the player's language

The services call this package; it never calls them back, nor any door
(tests/test_layers.py).
"""

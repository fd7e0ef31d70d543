"""Outbound notices: who is owed which e-mail (and push), the outbox that
sends it exactly once, and how each is written.

    notify.py      who is owed what after a change (called by the services, in the change's transaction)
    outbox.py      the owed e-mails as rows, claimed in batches, sent once, retried, pruned
    dispatch.py    the outbox's Celery tasks, by name (the tasks themselves are games.tasks)
    emails.py      an outbox row as a message: the shared context, in the recipient's language and time zone
    kinds/         one small class per kind of e-mail: whether it still applies, its context, its templates
    turn_news.py   what happened since a player last acted, for a batch of turn e-mails
    board_text.py  the board as text
    mime.py        the message's headers and parts
    tokens.py      reply addresses (the e-mail door, games.inbound, reads replies to them)
    push_owed.py   the pushes owed to a player's devices for the outbox's rows (Web Push)
    push_send.py   sending them: claimed, encrypted, VAPID-signed, retried
    push_payload.py what a push says (the e-mail's subject), in the player's language

The services call this package; it never calls them back, nor any door
(tests/test_layers.py).
"""

"""Notifications: outgoing webhooks a commissioner configures per league
(results, level-ups, deaths, kick-offs and deadlines, news; Discord, Slack or generic
JSON, signed, delivered by Celery with retries) and e-mails to coaches (their next
match, decisions waiting for them, kick-offs and deadlines, news), each coach able to
opt out. Every e-mail, the accounts' too, leaves through the outbox.

- ``models``: ``Webhook``, ``WebhookDelivery`` (the delivery log), ``EmailPreference``,
  ``OutgoingMail`` (the outbox: one e-mail per coach and event, however often the
  event's row saves; owed until the mail server took it), ``SentEmail`` (the record
  kept before the outbox);
- ``receivers``: where events come from (model saves; see its docstring for why);
- ``events``: an event's words and data, read from the rows after the commit;
- ``webhooks``: configuring webhooks and recording deliveries; ``delivery``: one HTTP
  attempt, signed; ``tasks``: the Celery tasks and the sweep;
- ``emails``: the coaches' e-mails; ``outbox``: writing, sending and sweeping every
  e-mail; ``reminders``: deadline warnings and kick-off reminders (Celery beat);
- ``views``/``api``: pages and API.
"""

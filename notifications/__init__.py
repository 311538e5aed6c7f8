"""Notifications: outgoing webhooks a commissioner configures per league
(results, level-ups, deaths; Discord, Slack or generic JSON, signed, delivered by
Celery with retries) and e-mails to coaches (their next match, decisions waiting for
them), each coach able to opt out.

- ``models``: ``Webhook``, ``WebhookDelivery`` (the delivery log), ``EmailPreference``,
  ``SentEmail`` (one e-mail per coach and event, however often the event's row saves);
- ``receivers``: where events come from (model saves; see its docstring for why);
- ``events``: an event's words and data, read from the rows after the commit;
- ``webhooks``: configuring webhooks and recording deliveries; ``delivery``: one HTTP
  attempt, signed; ``tasks``: the Celery tasks and the sweep;
- ``emails``: the coaches' e-mails; ``views``/``api``: pages and API.
"""

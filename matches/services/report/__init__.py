"""The report and its confirmation: events tapped while in play (``events``), the
report submitted once (``submission``) as rows (``rows``), confirmed, disputed or
sent back (``confirmation``)."""

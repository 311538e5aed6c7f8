"""A league's results out of Dugout: the NAF tournament report
(``naf``: what it says, ``naf_xml``: the XML and its schema, ``views``: the downloads).
The league backup (``backups``) and a team's files (``teams/interchange``) are
the other formats; docs/interchange.md describes them all."""

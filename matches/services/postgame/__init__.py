"""Post-game: the sequence run on the confirmed report (``sequence``), the coaches'
hiring step (``choices``, ``hiring``), and its application to both teams
(``application``: ``effects`` written by ``writes``, gold by ``deferral``, skills by
``skills_gained``); which post-games are owed (``owed``)."""

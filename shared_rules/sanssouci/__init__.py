# Sanssouci (Michael Kiesling, Ravensburger 2013): rules core, see docs/RULES.md "## Sanssouci".

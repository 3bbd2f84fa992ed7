# Der Prestel Schlossgarten (Ulf Siebert, Prestel 2004): the rules core.

# Gardens (Kosmos 2014): flowerbed majorities, supplies and the end of the game.

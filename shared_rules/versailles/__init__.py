# Die Gärten von Versailles (Lena & Günter Burkhardt, Schmidt Spiele 2017): the rules core.

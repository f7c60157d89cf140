"""Reading narrativo's mail: the players' declarations (`Dreyer: Destreza +
Atletismo`) and the Narrator's ruling file (`narrador.yaml`)."""

"""`narrativo`: the Comandos de Guerra dice-pool system ("Sistema Narrativo
(II)", rulebook 001) for play-by-email role-playing: a squad's declared
actions, the Narrator's rulings, pools of d10 with exploding 10s, Moral,
Voluntad, Fatiga, movement and the scene clock."""

package input

import "github.com/sleakgo/sleak/ecs"

// letters are the keys A to Z in order, as every window library numbers them.
var letters = [26]ecs.Key{ecs.KeyA, ecs.KeyB, ecs.KeyC, ecs.KeyD, ecs.KeyE, ecs.KeyF, ecs.KeyG, ecs.KeyH,
	ecs.KeyI, ecs.KeyJ, ecs.KeyK, ecs.KeyL, ecs.KeyM, ecs.KeyN, ecs.KeyO, ecs.KeyP, ecs.KeyQ, ecs.KeyR,
	ecs.KeyS, ecs.KeyT, ecs.KeyU, ecs.KeyV, ecs.KeyW, ecs.KeyX, ecs.KeyY, ecs.KeyZ}

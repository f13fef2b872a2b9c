package debugdraw_test

import (
	"fmt"

	"github.com/sleakgo/sleak/app"
	"github.com/sleakgo/sleak/debugdraw"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/vmath"
)

// A system draws this frame's lines on the runner's list, a resource of
// the world.
func ExampleList() {
	w := ecs.NewWorld()
	ecs.AddResource(w, debugdraw.New(true)) // the runner does this
	showBounds := app.SystemFunc(func(w *ecs.World) error {
		dd := ecs.Resource[debugdraw.List](w)
		dd.Box(vmath.Vec3{-1, 0, -1}, vmath.Vec3{1, 2, 1}, debugdraw.Yellow)
		dd.Line(vmath.Vec3{0, 0, 0}, vmath.Vec3{0, 3, 0}, vmath.Vec4{1, 0, 0, 1})
		dd.OnTop.Cross(vmath.Vec3{0, 3, 0}, 0.5, debugdraw.White)
		return nil
	})
	if err := showBounds.Update(w); err != nil {
		fmt.Println(err)
	}
	fmt.Println(ecs.Resource[debugdraw.List](w).Lines(), "lines")
	// Output: 16 lines
}

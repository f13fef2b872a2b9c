package game

import (
	"math"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/ui"
	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
)

// menu is which screen of the interface is open.
type menu uint8

const (
	menuNone     menu = iota // playing
	menuPause                // resume, settings, save, quit
	menuSettings             // the player's settings
)

// Pause menu entries, top to bottom.
const (
	pauseResume = iota
	pauseSettings
	pauseSave
	pauseQuit
	numPause
)

var pauseLabels = [numPause]string{"Resume", "Settings", "Save world", "Quit"}

// Settings rows, top to bottom; the last is Back.
const (
	setSensitivity = iota
	setInvertY
	setFOV
	setRenderDistance
	setVSync
	setSSAO
	setBloom
	setAntialias
	setShowFPS
	setBack
	numSettings
)

var settingLabels = [numSettings]string{"Mouse sensitivity", "Invert Y", "Field of view", "Render distance", "VSync", "Ambient occlusion", "Bloom", "Antialiasing", "Show FPS", "Back"}

// noticeTime is how long a notice stays on screen.
const noticeTime = 4 * time.Second

type notice struct {
	text  string
	until time.Duration // world time it disappears at
	err   bool
}

// Element names the game draws, for tests that check where things are.
const (
	ElemCrosshair = "crosshair"
	ElemHotbar    = "hotbar"
	ElemSlot      = "slot"
	ElemBlockName = "block name"
	ElemDebug     = "debug overlay"
	ElemFPS       = "fps"
	ElemMenu      = "menu"
	ElemButton    = "button"
	ElemNotice    = "notice"
)

// Element is one thing the interface drew last frame and where.
type Element struct {
	Name string
	Rect ui.Rect
}

// gameUI is the game's screen-space interface: the crosshair, the hotbar,
// the F3 debug overlay, the pause and settings menus and notices, drawn on
// the engine's ui.Canvas each frame.
type gameUI struct {
	canvas   *ui.Canvas
	menu     menu
	focus    int
	debug    bool
	borders  bool // F6: chunk borders in debug lines
	notices  [4]notice
	buf      []byte
	fps      float64 // smoothed frames per second
	frameMS  float64 // smoothed frame time
	elements []Element
	// lastPX and lastPY are the pointer last frame: hovering moves the
	// focus only when the pointer moves, so the keyboard keeps it otherwise.
	lastPX, lastPY float32
	lastFrame      time.Time
}

// Notify shows a message on screen for a few seconds and logs it.
func (g *Game) Notify(text string, isErr bool) {
	u := &g.ui
	copy(u.notices[1:], u.notices[:len(u.notices)-1])
	u.notices[0] = notice{text: text, until: g.ecs.Time.Elapsed + noticeTime, err: isErr}
	if isErr {
		g.log.Error(text)
	} else {
		g.log.Info(text)
	}
}

// Paused reports whether a menu is open (the player does not move).
func (g *Game) Paused() bool { return g.ui.menu != menuNone }

// Elements returns what the interface drew last frame.
func (g *Game) Elements() []Element { return g.ui.elements }

func (u *gameUI) add(name string, r ui.Rect) { u.elements = append(u.elements, Element{name, r}) }

// Colours of the interface.
var (
	panelColor  = ui.RGBA(0.05, 0.06, 0.08, 0.72)
	frameColor  = ui.RGBA(0.85, 0.87, 0.9, 0.9)
	focusColor  = ui.RGBA(1, 0.85, 0.3, 1)
	shadowColor = ui.RGBA(0, 0, 0, 0.85)
	errorColor  = ui.RGBA(1, 0.45, 0.4, 1)
)

// menuKeys handles Escape and the keyboard in menus: Up and Down move the
// focus, Left and Right change a setting, Enter activates.
func (g *Game) menuKeys(w *ecs.World) {
	u := &g.ui
	in := &w.Input
	if in.Pressed[ecs.KeyF3] {
		u.debug = !u.debug
	}
	if in.Pressed[ecs.KeyEscape] {
		switch u.menu {
		case menuNone:
			g.openMenu(menuPause, w)
		case menuPause:
			g.openMenu(menuNone, w)
		case menuSettings:
			g.openMenu(menuPause, w)
			u.focus = pauseSettings
		}
		return
	}
	n := 0
	switch u.menu {
	case menuPause:
		n = numPause
	case menuSettings:
		n = numSettings
	default:
		return
	}
	if in.Pressed[ecs.KeyDown] {
		u.focus = (u.focus + 1) % n
	}
	if in.Pressed[ecs.KeyUp] {
		u.focus = (u.focus + n - 1) % n
	}
	enter := in.Pressed[ecs.KeyEnter] || in.Pressed[ecs.KeyKPEnter]
	if u.menu == menuPause && enter {
		g.pauseAction(u.focus, w)
		return
	}
	if u.menu == menuSettings {
		switch {
		case in.Pressed[ecs.KeyRight]:
			g.changeSetting(u.focus, +1, w)
		case in.Pressed[ecs.KeyLeft]:
			g.changeSetting(u.focus, -1, w)
		case enter:
			g.changeSetting(u.focus, 0, w)
		}
	}
}

var menuNames = [...]string{menuNone: "none", menuPause: "pause", menuSettings: "settings"}

func (g *Game) openMenu(m menu, w *ecs.World) {
	g.ui.menu, g.ui.focus = m, 0
	g.log.Info("menu", "open", menuNames[m])
	// A menu needs the cursor; play needs it captured for mouse look.
	if g.backend.Window() != nil {
		w.Input.CaptureMouse(m == menuNone)
	}
}

func (g *Game) pauseAction(i int, w *ecs.World) {
	switch i {
	case pauseResume:
		g.openMenu(menuNone, w)
	case pauseSettings:
		g.ui.menu, g.ui.focus = menuSettings, 0
		g.log.Info("menu", "open", menuNames[menuSettings])
	case pauseSave:
		g.saveNow()
	case pauseQuit:
		g.quit = true
	}
}

// saveNow saves and says so on screen.
func (g *Game) saveNow() {
	if err := g.Save(); err != nil {
		g.Notify("save failed: "+err.Error(), true)
		return
	}
	g.Notify("world saved", false)
}

// changeSetting steps setting i by dir (0: toggle or activate), applies it
// and saves the settings file.
func (g *Game) changeSetting(i, dir int, w *ecs.World) {
	p := &g.prefs
	step := dir
	if step == 0 {
		step = 1
	}
	switch i {
	case setSensitivity:
		v := math.Round((p.MouseSensitivity+0.1*float64(step))*10) / 10
		p.MouseSensitivity = min(max(v, MinSensitivity), MaxSensitivity)
	case setInvertY:
		p.InvertY = !p.InvertY
	case setFOV:
		p.FOV = min(max(p.FOV+5*step, MinFOV), MaxFOV)
	case setRenderDistance:
		rd := p.RenderDistance
		if rd == 0 {
			rd = g.opts.World.RenderDistance
		}
		p.RenderDistance = min(max(rd+step, MinRenderDistance), MaxRenderDistance)
		g.setRenderDistance(p.RenderDistance)
	case setVSync:
		p.VSync = !p.VSync
		if win := g.backend.Window(); win != nil {
			if err := win.SetVSync(p.VSync); err != nil {
				g.Notify(err.Error(), true)
			}
		}
	case setSSAO:
		p.NoSSAO = !p.NoSSAO
		g.applyEffects()
	case setBloom:
		p.NoBloom = !p.NoBloom
		g.applyEffects()
	case setAntialias:
		// Off, edge smoothing, temporal, off again.
		switch {
		case p.NoAntialias:
			p.NoAntialias, p.TemporalAA = false, false
		case !p.TemporalAA:
			p.TemporalAA = true
		default:
			p.NoAntialias, p.TemporalAA = true, false
		}
		g.applyEffects()
	case setShowFPS:
		p.ShowFPS = !p.ShowFPS
	case setBack:
		if dir == 0 {
			g.ui.menu, g.ui.focus = menuPause, pauseSettings
		}
		return
	}
	g.savePrefs()
}

func (g *Game) savePrefs() {
	if g.opts.PrefsPath == "" {
		return // a scripted or throw-away run keeps the player's file as it is
	}
	if err := g.prefs.Save(g.opts.PrefsPath); err != nil {
		g.Notify(err.Error(), true)
		return
	}
	g.Notify("settings saved to "+g.opts.PrefsPath, false)
}

// setRenderDistance changes the render distance while playing: the
// streamer loads or releases the ring that changed, the camera sees as far
// and the fog follows what is drawn.
func (g *Game) setRenderDistance(rd int) {
	g.opts.World.RenderDistance = rd
	g.streamer.SetRenderDistance(rd)
	if _, cam := g.hud.camMap.Get(g.camera); cam != nil {
		cam.Far = float32(rd*chunk.Size) + 64
	}
	g.fogStale = true
}

// drawUI lays out and draws the frame's interface.
func (g *Game) drawUI(w *ecs.World) {
	select {
	case err := <-g.saveErrs:
		g.Notify(err.Error()+" (retried at the next autosave)", true)
	default:
	}
	u := &g.ui
	c := u.canvas
	u.elements = u.elements[:0]
	// Wall-clock time between frames (a scripted run's game clock is
	// fixed), smoothed over about half a second so the numbers can be read.
	now := time.Now()
	if !u.lastFrame.IsZero() {
		dt := now.Sub(u.lastFrame).Seconds()
		a := min(1, dt*2)
		if u.frameMS == 0 {
			a = 1
		}
		u.frameMS += (dt*1000 - u.frameMS) * a
		if u.frameMS > 0 {
			u.fps = 1000 / u.frameMS
		}
	}
	u.lastFrame = now
	s := c.Screen()
	if u.menu == menuNone {
		g.drawCrosshair(s)
	}
	g.drawHotbar(s)
	if u.debug {
		g.drawDebug(s)
	} else if g.prefs.ShowFPS {
		f := c.Fonts.Face(s.Px(14))
		u.buf = ui.AppendFloat(append(u.buf[:0], "FPS "...), u.fps, 0)
		r := c.TextBytes(f, s.Pt(8)+1, s.Pt(6)+1, u.buf, shadowColor)
		c.TextBytes(f, s.Pt(8), s.Pt(6), u.buf, ui.White)
		u.add(ElemFPS, r)
	}
	g.drawNotices(s, w)
	switch u.menu {
	case menuPause:
		g.drawPause(s, w)
	case menuSettings:
		g.drawSettings(s, w)
	}
}

func (g *Game) drawCrosshair(s ui.Screen) {
	c := g.ui.canvas
	arm, t := float32(s.Px(9)), float32(max(2, s.Px(2)))
	box := s.Place(ui.Center, 2*arm+t, 2*arm+t, 0, 0)
	cx, cy := box.X+arm, box.Y+arm
	// A dark outline under a light cross: visible on sky, sand and dirt.
	c.Rect(ui.Rect{X: cx - arm - 1, Y: cy - 1, W: 2*arm + t + 2, H: t + 2}, shadowColor)
	c.Rect(ui.Rect{X: cx - 1, Y: cy - arm - 1, W: t + 2, H: 2*arm + t + 2}, shadowColor)
	c.Rect(ui.Rect{X: cx - arm, Y: cy, W: 2*arm + t, H: t}, ui.White)
	c.Rect(ui.Rect{X: cx, Y: cy - arm, W: t, H: 2*arm + t}, ui.White)
	g.ui.add(ElemCrosshair, box)
}

// hotbarLayout returns the hotbar's slot boxes on s: nine slots along the
// bottom, shrunk to fit a narrow window.
func hotbarLayout(s ui.Screen) (bar ui.Rect, slots [9]ui.Rect) {
	slot, gap, margin := s.Pt(44), s.Pt(4), s.Pt(8)
	w := 9*slot + 8*gap
	f := s.Fit(w, slot, margin)
	slot, gap = float32(math.Floor(float64(slot*f))), float32(math.Floor(float64(gap*f)))
	w = 9*slot + 8*gap
	bar = s.Place(ui.BottomCenter, w, slot, 0, -margin)
	for i := range slots {
		slots[i] = ui.Rect{X: bar.X + float32(i)*(slot+gap), Y: bar.Y, W: slot, H: slot}
	}
	return bar, slots
}

func (g *Game) drawHotbar(s ui.Screen) {
	u := &g.ui
	c := u.canvas
	bar, slots := hotbarLayout(s)
	u.add(ElemHotbar, bar)
	small := c.Fonts.Face(max(ui.MinPx, int(slots[0].W*0.3)))
	border := float32(max(1, s.Px(2)))
	for i, r := range slots {
		sel := i == g.player.Selected
		c.Rect(r, panelColor)
		col := frameColor
		if sel {
			col = focusColor
		}
		c.Frame(r, border*map2(sel, 2, 1), col)
		id := g.player.Hotbar[i]
		if id != 0 {
			t := id.Info().Tiles[block.Face(0)]
			n := float32(block.AtlasColumns)
			u0, v0 := float32(int(t)%block.AtlasColumns)/n, float32(int(t)/block.AtlasColumns)/n
			c.Sprite(r.Inset(r.W*0.2), g.atlas, [4]float32{u0, v0, u0 + 1/n, v0 + 1/n}, ui.White)
		}
		u.buf = ui.AppendInt(u.buf[:0], i+1)
		c.TextBytes(small, r.X+border*2+1, r.Y+border+1, u.buf, shadowColor)
		c.TextBytes(small, r.X+border*2, r.Y+border, u.buf, ui.White)
		u.add(ElemSlot, r)
	}
	if id := g.player.Hotbar[g.player.Selected]; id != 0 {
		f := c.Fonts.Face(s.Px(16))
		name := id.String()
		nw := f.Measure(name)
		r := s.Place(ui.BottomCenter, nw, f.LineHeight, 0, -(s.H-bar.Y)-s.Pt(4))
		c.Text(f, r.X+1, r.Y+1, name, shadowColor)
		c.Text(f, r.X, r.Y, name, ui.White)
		u.add(ElemBlockName, r)
	}
}

func map2(b bool, yes, no float32) float32 {
	if b {
		return yes
	}
	return no
}

// drawDebug is the F3 overlay: frame rate and time, CPU time per pass,
// position, chunks, draws and triangles.
func (g *Game) drawDebug(s ui.Screen) {
	u := &g.ui
	c := u.canvas
	// The widest line is about 34 em: a narrow window gets smaller text.
	f := c.Fonts.Face(int(float32(s.Px(14)) * min(1, (s.W-s.Pt(16))/s.Pt(14*34))))
	if f == nil {
		return
	}
	st := g.ctx.Stats
	x, y := s.Pt(8), s.Pt(6)
	line := 0
	maxW := float32(0)
	top := y
	// A panel behind the text, sized by last frame's widest line.
	panelAt := len(c.Quads())
	c.Rect(ui.Rect{}, panelColor)
	emit := func() {
		r := c.TextBytes(f, x, y+float32(line)*f.LineHeight, u.buf, ui.White)
		maxW = max(maxW, r.W)
		line++
	}
	w, h := g.backend.Size()
	u.buf = append(u.buf[:0], "Sleakcraft  "...)
	u.buf = append(u.buf, g.backend.Kind().String()...)
	u.buf = append(u.buf, "  "...)
	u.buf = ui.AppendInt(u.buf, w)
	u.buf = append(u.buf, 'x')
	u.buf = ui.AppendInt(u.buf, h)
	u.buf = clockHour(append(u.buf, "   time "...), g.timeOfDay)
	emit()
	u.buf = ui.AppendFloat(append(u.buf[:0], "FPS "...), u.fps, 0)
	u.buf = ui.AppendFloat(append(u.buf, "   frame "...), u.frameMS, 1)
	u.buf = ui.AppendFloat(append(u.buf, " ms   cpu "...), float64(st.CPUTime.Microseconds())/1000, 2)
	u.buf = append(u.buf, " ms"...)
	emit()
	// Four passes a line, so the overlay fits a portrait window.
	const passesPerLine = 4
	u.buf = append(u.buf[:0], "cpu ms:"...)
	for p := formats.Pass(0); p < formats.NumPasses; p++ {
		if p > 0 && p%passesPerLine == 0 {
			emit()
			u.buf = append(u.buf[:0], "       "...)
		}
		u.buf = append(append(append(u.buf, ' '), p.String()...), ' ')
		u.buf = ui.AppendFloat(u.buf, float64(st.PassTime[p].Microseconds())/1000, 2)
	}
	emit()
	if st.GPUFrame != 0 {
		u.buf = ui.AppendFloat(append(u.buf[:0], "gpu ms:"...), float64(st.GPUTotal().Microseconds())/1000, 2)
		for p := formats.Pass(0); p < formats.NumPasses; p++ {
			if p%passesPerLine == 0 {
				emit()
				u.buf = append(u.buf[:0], "       "...)
			}
			u.buf = append(append(append(u.buf, ' '), p.String()...), ' ')
			u.buf = ui.AppendFloat(u.buf, float64(st.GPUTime[p].Microseconds())/1000, 2)
		}
		emit()
	}
	pos := g.player.Body.Pos
	u.buf = ui.AppendFloat(append(u.buf[:0], "XYZ "...), pos.X, 1)
	u.buf = ui.AppendFloat(append(u.buf, " / "...), pos.Y, 1)
	u.buf = ui.AppendFloat(append(u.buf, " / "...), pos.Z, 1)
	cp := chunk.PosOf(int(math.Floor(pos.X)), int(math.Floor(pos.Z)))
	u.buf = ui.AppendInt(append(u.buf, "   chunk "...), int(cp.X))
	u.buf = ui.AppendInt(append(u.buf, ", "...), int(cp.Z))
	if g.player.Body.Flying {
		u.buf = append(u.buf, "   flying"...)
	}
	emit()
	ss := g.streamer.Stats()
	u.buf = ui.AppendInt(append(u.buf[:0], "chunks "...), len(g.chunks))
	u.buf = ui.AppendInt(append(u.buf, " drawn ("...), ss.Coarse)
	u.buf = ui.AppendInt(append(u.buf, " coarse), "...), ss.Resident)
	u.buf = ui.AppendInt(append(u.buf, " loaded, "...), ss.InFlight+ss.Ready)
	u.buf = ui.AppendInt(append(u.buf, " in flight   render distance "...), g.opts.World.RenderDistance)
	emit()
	tris, draws := 0, 0
	for p := range st.Triangles {
		tris += st.Triangles[p]
		draws += st.Draws[p]
	}
	u.buf = ui.AppendInt(append(u.buf[:0], "triangles "...), tris)
	u.buf = ui.AppendInt(append(u.buf, "   draws "...), draws)
	u.buf = ui.AppendInt(append(u.buf, "   culled "...), st.Culled)
	u.buf = ui.AppendInt(append(u.buf, "   dropped "...), st.TotalDropped())
	emit()
	u.buf = append(u.buf[:0], "F6 chunk borders "...)
	switch {
	case !g.ctx.Debug.Enabled():
		u.buf = append(u.buf, "(off in game.toml: [renderer] debug_lines)"...)
	case u.borders:
		u.buf = append(u.buf, "on"...)
	default:
		u.buf = append(u.buf, "off"...)
	}
	u.buf = ui.AppendInt(append(u.buf, "   debug lines "...), st.Lines)
	emit()
	if g.player.HasTarget {
		b := g.player.Target.Block
		id, _ := g.world.Block(b[0], b[1], b[2])
		u.buf = append(append(u.buf[:0], "target "...), id.String()...)
		u.buf = ui.AppendInt(append(u.buf, " at "...), b[0])
		u.buf = ui.AppendInt(append(u.buf, ", "...), b[1])
		u.buf = ui.AppendInt(append(u.buf, ", "...), b[2])
		emit()
	}
	pad := s.Pt(4)
	panel := ui.Rect{X: x - pad, Y: top - pad, W: maxW + 2*pad, H: float32(line)*f.LineHeight + 2*pad}
	c.Quads()[panelAt].Rect = panel
	u.add(ElemDebug, panel)
}

func (g *Game) drawNotices(s ui.Screen, w *ecs.World) {
	u := &g.ui
	c := u.canvas
	f := c.Fonts.Face(s.Px(15))
	if f == nil {
		return
	}
	y := s.Pt(8)
	if u.debug {
		y = s.H * 0.3
	}
	for _, n := range u.notices {
		if n.text == "" || w.Time.Elapsed >= n.until {
			continue
		}
		tw := min(f.Measure(n.text), s.W-s.Pt(24))
		r := s.Place(ui.TopCenter, tw+s.Pt(16), f.LineHeight+s.Pt(8), 0, y)
		c.Rect(r, panelColor)
		col := ui.White
		if n.err {
			col = errorColor
		}
		c.TextIn(f, r.Inset(s.Pt(8)), ui.AlignLeft, n.text, col)
		u.add(ElemNotice, r)
		y += r.H + s.Pt(4)
	}
}

// menuLayout returns the menu's panel and its first n rows (buttons) on s.
func menuLayout(s ui.Screen, n int, rowW float32) (panel ui.Rect, rows [numSettings]ui.Rect) {
	rowH, gap, pad := s.Pt(40), s.Pt(8), s.Pt(16)
	title := s.Pt(40)
	w := rowW + 2*pad
	h := title + float32(n)*rowH + float32(n-1)*gap + 2*pad
	f := s.Fit(w, h, s.Pt(8))
	rowH, gap, pad, title, w, h = rowH*f, gap*f, pad*f, title*f, w*f, h*f
	panel = s.Place(ui.Center, float32(math.Floor(float64(w))), float32(math.Floor(float64(h))), 0, 0)
	for i := 0; i < n; i++ {
		p := float32(math.Round(float64(pad)))
		rows[i] = ui.Rect{X: panel.X + p, Y: float32(math.Round(float64(panel.Y + pad + title + float32(i)*(rowH+gap)))), W: panel.W - 2*p, H: float32(math.Floor(float64(rowH)))}
	}
	return panel, rows
}

// PauseButtons returns where the pause menu's buttons are on a w x h
// framebuffer at pixel scale 1, in order: resume, settings, save, quit.
func PauseButtons(w, h int) [numPause]ui.Rect {
	_, rows := menuLayout(ui.NewScreen(w, h, 1), numPause, ui.NewScreen(w, h, 1).Pt(260))
	var out [numPause]ui.Rect
	copy(out[:], rows[:numPause])
	return out
}

func (g *Game) drawMenuFrame(s ui.Screen, panel ui.Rect, title string) {
	c := g.ui.canvas
	c.Rect(ui.Rect{W: s.W, H: s.H}, ui.RGBA(0, 0, 0, 0.35))
	c.Rect(panel, panelColor)
	c.Frame(panel, float32(max(1, s.Px(1))), frameColor)
	f := c.Fonts.Face(int(math.Round(float64(s.Pt(22) * min(1, panel.W/s.Pt(300))))))
	c.TextIn(f, ui.Rect{X: panel.X, Y: panel.Y + s.Pt(8), W: panel.W, H: s.Pt(40)}, ui.AlignCenter, title, ui.White)
	g.ui.add(ElemMenu, panel)
}

func (g *Game) button(s ui.Screen, r ui.Rect, i int, label string, value []byte) (clicked bool) {
	u := &g.ui
	c := u.canvas
	p := c.Pointer()
	if p.Over(r) && (p.X != u.lastPX || p.Y != u.lastPY) {
		u.focus = i // the pointer moved onto it
	}
	col := ui.RGBA(0.18, 0.2, 0.24, 0.95)
	if u.focus == i {
		col = ui.RGBA(0.3, 0.34, 0.42, 1)
	}
	c.Rect(r, col)
	edge := frameColor
	if u.focus == i {
		edge = focusColor
	}
	c.Frame(r, float32(max(1, s.Px(2))), edge)
	f := c.Fonts.Face(int(math.Round(float64(r.H * 0.42))))
	inner := r.Inset(r.H * 0.25)
	if value == nil {
		c.TextIn(f, inner, ui.AlignCenter, label, ui.White)
	} else {
		c.TextIn(f, inner, ui.AlignLeft, label, ui.White)
		c.TextInBytes(f, inner, ui.AlignRight, value, focusColor)
	}
	u.add(ElemButton, r)
	return p.Clicked(r)
}

func (g *Game) drawPause(s ui.Screen, w *ecs.World) {
	panel, rows := menuLayout(s, numPause, s.Pt(260))
	g.drawMenuFrame(s, panel, "Paused")
	for i := 0; i < numPause; i++ {
		if g.button(s, rows[i], i, pauseLabels[i], nil) {
			g.ui.focus = i
			g.pauseAction(i, w)
		}
	}
	g.ui.lastPX, g.ui.lastPY = g.ui.canvas.Pointer().X, g.ui.canvas.Pointer().Y
}

func (g *Game) drawSettings(s ui.Screen, w *ecs.World) {
	u := &g.ui
	panel, rows := menuLayout(s, numSettings, s.Pt(420))
	g.drawMenuFrame(s, panel, "Settings")
	p := &g.prefs
	for i := 0; i < numSettings; i++ {
		var v []byte
		switch i {
		case setSensitivity:
			v = append(ui.AppendFloat(u.buf[:0], p.MouseSensitivity, 1), 'x')
		case setInvertY:
			v = onOff(u.buf[:0], p.InvertY)
		case setFOV:
			v = append(ui.AppendInt(u.buf[:0], p.FOV), " deg"...)
		case setRenderDistance:
			rd := p.RenderDistance
			if rd == 0 {
				rd = g.opts.World.RenderDistance
			}
			v = append(ui.AppendInt(u.buf[:0], rd), " chunks"...)
		case setVSync:
			v = onOff(u.buf[:0], p.VSync)
		case setSSAO:
			v = g.effectState(u.buf[:0], g.effects.SSAO.Strength > 0, p.NoSSAO)
		case setBloom:
			v = g.effectState(u.buf[:0], g.effects.Bloom.Strength > 0, p.NoBloom)
		case setAntialias:
			v = g.antialiasState(u.buf[:0])
		case setShowFPS:
			v = onOff(u.buf[:0], p.ShowFPS)
		}
		if g.button(s, rows[i], i, settingLabels[i], v) {
			u.focus = i
			// A click on the left third steps down, elsewhere up.
			dir := 1
			if ptr := u.canvas.Pointer(); ptr.X < rows[i].X+rows[i].W/3 && i != setBack {
				dir = -1
			}
			if i == setBack || i == setInvertY || i == setVSync || i == setSSAO || i == setBloom || i == setAntialias || i == setShowFPS {
				dir = 0
			}
			g.changeSetting(i, dir, w)
		}
	}
	u.lastPX, u.lastPY = u.canvas.Pointer().X, u.canvas.Pointer().Y
}

// effectState is an effect's setting: off when the game does not use it,
// whatever the player's choice.
func (g *Game) effectState(b []byte, inGame, playerOff bool) []byte {
	if !inGame {
		return append(b, "not in this game"...)
	}
	return onOff(b, !playerOff)
}

// antialiasState is the antialiasing setting as the frame has it.
func (g *Game) antialiasState(b []byte) []byte {
	switch fx := &g.ctx.Env.Effects; {
	case !g.effects.Antialias && !g.effects.TAA:
		return append(b, "not in this game"...)
	case fx.TAA:
		return append(b, "temporal"...)
	case fx.Antialias:
		return append(b, "edges"...)
	}
	return append(b, "off"...)
}

// applyEffects sets the frame's effects from game.toml's [effects] and the
// player's choices.
func (g *Game) applyEffects() {
	fx := &g.ctx.Env.Effects
	*fx = g.effects
	if g.prefs.NoSSAO {
		fx.SSAO = backends.SSAO{}
	}
	if g.prefs.NoBloom {
		fx.Bloom = backends.Bloom{}
	}
	if fx.Antialias || fx.TAA {
		on := !g.prefs.NoAntialias
		fx.Antialias, fx.TAA = on && !g.prefs.TemporalAA, on && g.prefs.TemporalAA
	}
}

func onOff(b []byte, on bool) []byte {
	if on {
		return append(b, "on"...)
	}
	return append(b, "off"...)
}

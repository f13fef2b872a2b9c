package formats

import (
	"fmt"
	"strings"
)

// ErrorCode names one kind of layout problem, so tools and tests can react to
// the kind without parsing messages.
type ErrorCode uint8

// Error codes. Each is reported by exactly one check.
const (
	ErrZeroStride           ErrorCode = iota + 1 // Stride is 0
	ErrPastStride                                // an attribute ends past Stride
	ErrOverlap                                   // two attributes share bytes
	ErrDuplicateLocation                         // two attributes share a location
	ErrDuplicateName                             // two attributes share a non-empty name
	ErrLocationRange                             // a location is MaxLocations or more
	ErrUnaligned                                 // an offset is not a multiple of 4
	ErrBadStem                                   // a stem is not a bare name
	ErrMissingMainStem                           // another stem is set but Shader is empty
	ErrNoAttributes                              // Attributes is empty
	ErrBadFormat                                 // an attribute's Format is not a declared value
	ErrEmptyName                                 // the layout's Name is empty
	ErrDuplicateFormat                           // a registry already holds a layout of that name
	ErrStrideRange                               // Stride or InstanceStride is more than MaxStride
	ErrBadStep                                   // an attribute's Step is not a declared value
	ErrZeroInstanceStride                        // an attribute steps per instance but InstanceStride is 0
	ErrUnusedInstanceStride                      // InstanceStride is set but no attribute steps per instance
	ErrBadGBufferStage                           // GBufferStage is not a declared value
	ErrUnusedGBufferStage                        // GBufferStage is set but GBufferShader is empty
)

// MaxStride is the largest vertex stride a layout may have: the
// maxVertexInputBindingStride every Vulkan device must support (2048).
// Direct3D 11 and 12 allow 2048 too and OpenGL more, so a layout within it
// draws on every backend, and a larger one is refused at registration
// rather than by the driver.
const MaxStride = 2048

var codeNames = [...]string{
	ErrZeroStride:           "ErrZeroStride",
	ErrPastStride:           "ErrPastStride",
	ErrOverlap:              "ErrOverlap",
	ErrDuplicateLocation:    "ErrDuplicateLocation",
	ErrDuplicateName:        "ErrDuplicateName",
	ErrLocationRange:        "ErrLocationRange",
	ErrUnaligned:            "ErrUnaligned",
	ErrBadStem:              "ErrBadStem",
	ErrMissingMainStem:      "ErrMissingMainStem",
	ErrNoAttributes:         "ErrNoAttributes",
	ErrBadFormat:            "ErrBadFormat",
	ErrEmptyName:            "ErrEmptyName",
	ErrDuplicateFormat:      "ErrDuplicateFormat",
	ErrStrideRange:          "ErrStrideRange",
	ErrBadStep:              "ErrBadStep",
	ErrZeroInstanceStride:   "ErrZeroInstanceStride",
	ErrUnusedInstanceStride: "ErrUnusedInstanceStride",
	ErrBadGBufferStage:      "ErrBadGBufferStage",
	ErrUnusedGBufferStage:   "ErrUnusedGBufferStage",
}

// String returns the constant's name, e.g. "ErrOverlap".
func (c ErrorCode) String() string {
	if c >= 1 && int(c) < len(codeNames) {
		return codeNames[c]
	}
	return fmt.Sprintf("ErrorCode(%d)", uint8(c))
}

// ValidationError is one problem with a [Layout]. Field is the game.toml key
// of the value at fault, so a loader can point at the right line.
type ValidationError struct {
	Code      ErrorCode
	Format    string // the layout's name
	Attribute string // the attribute's name; "" when the problem is the layout's
	Field     string // "stride", "instance_stride", "offset", "location", "name", "format", "step", "attribute", "shader", "shadow_shader", "gbuffer_shader", "gbuffer_stage" or "transparent_shader"
	Index     int    // the attribute's index in Attributes; -1 when the problem is the layout's
	Msg       string
}

// Error returns `vertex format "NAME": attribute "ATTR": MSG` for an
// attribute's problem and `vertex format "NAME": MSG` for the layout's. An
// attribute without a name is shown by index.
func (e *ValidationError) Error() string {
	switch {
	case e.Attribute != "":
		return fmt.Sprintf("vertex format %q: attribute %q: %s", e.Format, e.Attribute, e.Msg)
	case e.Index >= 0:
		return fmt.Sprintf("vertex format %q: attribute %d: %s", e.Format, e.Index, e.Msg)
	}
	return fmt.Sprintf("vertex format %q: %s", e.Format, e.Msg)
}

// Validate returns the first problem with l as a *ValidationError, or nil.
// Registries call it; use [Layout.ValidateAll] to see every problem at once.
func (l *Layout) Validate() error {
	if errs := l.ValidateAll(); len(errs) > 0 {
		return errs[0]
	}
	return nil
}

// ValidateAll returns every problem with l, layout-wide problems first, then
// each attribute's in order, then the stems'. It returns nil for a valid
// layout.
func (l *Layout) ValidateAll() []*ValidationError {
	v := validator{l: l}
	v.layout()
	for j := range l.Attributes {
		v.attribute(j)
	}
	v.stems()
	return v.errs
}

type validator struct {
	l    *Layout
	errs []*ValidationError
}

func (v *validator) layoutErr(code ErrorCode, field, format string, args ...any) {
	v.errs = append(v.errs, &ValidationError{
		Code: code, Format: v.l.Name, Field: field, Index: -1,
		Msg: fmt.Sprintf(format, args...),
	})
}

func (v *validator) attrErr(j int, code ErrorCode, field, format string, args ...any) {
	v.errs = append(v.errs, &ValidationError{
		Code: code, Format: v.l.Name, Attribute: v.l.Attributes[j].Name, Field: field, Index: j,
		Msg: fmt.Sprintf(format, args...),
	})
}

// ref names attribute i inside another attribute's message.
func (v *validator) ref(i int) string {
	if n := v.l.Attributes[i].Name; n != "" {
		return fmt.Sprintf("attribute %q", n)
	}
	return fmt.Sprintf("attribute %d", i)
}

func (v *validator) layout() {
	l := v.l
	if l.Name == "" {
		v.layoutErr(ErrEmptyName, "name", "the format has no name")
	}
	if l.Stride == 0 && (l.PerVertex() || len(l.Attributes) == 0) {
		v.layoutErr(ErrZeroStride, "stride", "stride is 0; it must be the size of one vertex in bytes")
	}
	if l.Stride > MaxStride {
		v.layoutErr(ErrStrideRange, "stride", "stride %d is more than %d, the largest every backend accepts", l.Stride, MaxStride)
	}
	switch inst := l.Instanced(); {
	case inst && l.InstanceStride == 0:
		v.layoutErr(ErrZeroInstanceStride, "instance_stride", "instance_stride is 0 while attributes step per instance; it must be the size of one instance's record in bytes")
	case !inst && l.InstanceStride != 0:
		v.layoutErr(ErrUnusedInstanceStride, "instance_stride", "instance_stride is %d but no attribute steps per instance (step = \"instance\")", l.InstanceStride)
	}
	if l.InstanceStride > MaxStride {
		v.layoutErr(ErrStrideRange, "instance_stride", "instance_stride %d is more than %d, the largest every backend accepts", l.InstanceStride, MaxStride)
	}
	if len(l.Attributes) == 0 {
		v.layoutErr(ErrNoAttributes, "attribute", "no attributes; a format needs at least one")
	}
}

// attribute checks attribute j on its own, then against every earlier one, so
// a clash is reported once, on the later attribute of the pair.
func (v *validator) attribute(j int) {
	l := v.l
	a := l.Attributes[j]
	if !a.Format.Valid() {
		v.attrErr(j, ErrBadFormat, "format", "format %d is not a valid attribute format", uint8(a.Format))
	}
	if a.Location >= MaxLocations {
		v.attrErr(j, ErrLocationRange, "location", "location %d is out of range 0 to %d", a.Location, MaxLocations-1)
	}
	if a.Step > StepInstance {
		v.attrErr(j, ErrBadStep, "step", "step %d is not a valid step", uint8(a.Step))
	}
	if a.Offset%4 != 0 {
		v.attrErr(j, ErrUnaligned, "offset", "offset %d is not a multiple of 4", a.Offset)
	}
	// Sizes are summed in uint64 so an offset near the top of uint32 cannot
	// wrap around and pass.
	size := uint64(a.Format.Size())
	end := uint64(a.Offset) + size
	stride, what := l.Stride, "stride"
	if a.Step == StepInstance {
		stride, what = l.InstanceStride, "instance stride"
	}
	if a.Format.Valid() && stride > 0 && end > uint64(stride) {
		v.attrErr(j, ErrPastStride, "offset", "ends at byte %d (offset %d + %d bytes of %s), past the %s of %d",
			end, a.Offset, size, a.Format, what, stride)
	}
	for i := 0; i < j; i++ {
		b := l.Attributes[i]
		if b.Location == a.Location {
			v.attrErr(j, ErrDuplicateLocation, "location", "location %d is already used by %s", a.Location, v.ref(i))
		}
		if a.Name != "" && b.Name == a.Name {
			v.attrErr(j, ErrDuplicateName, "name", "the name is already used by attribute %d", i)
		}
		if !a.Format.Valid() || !b.Format.Valid() || a.Step != b.Step {
			continue // attributes of different steps live in different buffers
		}
		bEnd := uint64(b.Offset) + uint64(b.Format.Size())
		if uint64(a.Offset) < bEnd && uint64(b.Offset) < end {
			v.attrErr(j, ErrOverlap, "offset", "bytes %d..%d overlap %s (bytes %d..%d)",
				a.Offset, end-1, v.ref(i), b.Offset, bEnd-1)
		}
	}
}

// stemFields pairs each stem pass with its TOML key.
var stemFields = [NumPasses]string{PassForward: "shader", PassShadow: "shadow_shader", PassGBuffer: "gbuffer_shader", PassTransparent: "transparent_shader"}

func (v *validator) stems() {
	var set []string
	for _, p := range StemPasses {
		s := v.l.Stem(p)
		if s == "" {
			continue
		}
		if p != PassForward {
			set = append(set, stemFields[p])
		}
		if !ValidStem(s) {
			v.layoutErr(ErrBadStem, stemFields[p], "%s %q: %s", stemFields[p], s, stemAdvice(s))
		}
	}
	switch g := v.l.GBufferStage; {
	case g > GBufferFlat:
		v.layoutErr(ErrBadGBufferStage, "gbuffer_stage", "gbuffer_stage %d is not a valid gbuffer stage", uint8(g))
	case g != GBufferSmooth && v.l.GBufferShader == "":
		v.layoutErr(ErrUnusedGBufferStage, "gbuffer_stage",
			"gbuffer_stage is %q but gbuffer_shader is empty: the format draws nothing in the gbuffer pass", g)
	}
	if v.l.Shader == "" && len(set) > 0 {
		verb := "is"
		if len(set) > 1 {
			verb = "are"
		}
		v.layoutErr(ErrMissingMainStem, "shader",
			"shader is empty while %s %s set; the main stem gates every pass, so the format would draw nothing",
			joinAnd(set), verb)
	}
}

// ValidStem reports whether s is a bare shader stem: letters, digits, '_'
// and '-'. Anything else (a dot, a slash, a space) means a path or a file
// name was written where each backend expects to add its own folder and
// extensions. Every place that reads a stem from a user checks it with
// this rule.
func ValidStem(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// stemAdvice says what to write instead of s, with a concrete suggestion when
// one can be derived: the file name without folder and extensions, spaces
// turned into underscores.
func stemAdvice(s string) string {
	base := s
	if i := strings.LastIndexAny(base, `/\`); i >= 0 {
		base = base[i+1:]
	}
	if i := strings.IndexByte(base, '.'); i >= 0 {
		base = base[:i]
	}
	base = strings.Join(strings.Fields(base), "_")
	if ValidStem(base) && base != s {
		return fmt.Sprintf("a stem is a bare name without extension or folder, like %q", base)
	}
	return "a stem is a bare name of letters, digits, '_' and '-', without extension or folder"
}

func joinAnd(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

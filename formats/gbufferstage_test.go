package formats

import "testing"

func TestGBufferStageParsesItsOwnSpelling(t *testing.T) {
	for _, g := range []GBufferStage{GBufferSmooth, GBufferFlat} {
		got, err := ParseGBufferStage(g.String())
		if err != nil || got != g {
			t.Errorf("ParseGBufferStage(%q) = %v, %v; want %v", g.String(), got, err, g)
		}
	}
	if _, err := ParseGBufferStage("faceted"); err == nil || err.Error() != `unknown gbuffer stage "faceted": want "smooth" or "flat"` {
		t.Errorf("ParseGBufferStage(faceted): %v", err)
	}
	if s := GBufferStage(9).String(); s != "GBufferStage(9)" {
		t.Errorf("String of an undeclared stage: %q", s)
	}
}

func TestGBufferStageValidation(t *testing.T) {
	tests := []struct {
		name  string
		edit  func(l *Layout)
		code  ErrorCode
		field string
		msg   string
	}{
		{"flat without a gbuffer stem", func(l *Layout) { l.GBufferStage = GBufferFlat }, ErrUnusedGBufferStage, "gbuffer_stage",
			`vertex format "quad": gbuffer_stage is "flat" but gbuffer_shader is empty: the format draws nothing in the gbuffer pass`},
		{"undeclared stage", func(l *Layout) { l.GBufferShader = "quad_gbuffer"; l.GBufferStage = 5 }, ErrBadGBufferStage, "gbuffer_stage",
			`vertex format "quad": gbuffer_stage 5 is not a valid gbuffer stage`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := quad()
			tt.edit(&l)
			errs := l.ValidateAll()
			if len(errs) != 1 {
				t.Fatalf("got %v, want one error", errs)
			}
			if e := errs[0]; e.Code != tt.code || e.Field != tt.field || e.Error() != tt.msg {
				t.Errorf("got %v %q %q\nwant %v %q %q", e.Code, e.Field, e.Error(), tt.code, tt.field, tt.msg)
			}
		})
	}
	l := quad()
	l.GBufferShader, l.GBufferStage = "quad_gbuffer", GBufferFlat
	if errs := l.ValidateAll(); errs != nil {
		t.Errorf("a flat gbuffer stage with its stem: %v", errs)
	}
}

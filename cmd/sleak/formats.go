package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/sleakgo/sleak/config"
	"github.com/sleakgo/sleak/formats"
)

func formatsCheck(args []string, stdout, stderr io.Writer) int {
	path := "game.toml"
	switch len(args) {
	case 0:
	case 1:
		path = args[0]
	default:
		fmt.Fprintln(stderr, "usage: sleak formats check [FILE]")
		return 2
	}
	f, err := config.Load(path)
	if err != nil {
		printConfigErrors(stderr, err)
		return 1
	}
	reg := formats.NewRegistry()
	handles, err := f.Register(reg)
	if err != nil {
		printConfigErrors(stderr, err)
		return 1
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "HANDLE\tNAME\tSTRIDE\tATTRIBUTES\tMAIN\tSHADOW\tGBUFFER\tTRANSPARENT")
	for _, l := range f.VertexFormats {
		var attrs []string
		for _, a := range l.Attributes {
			s := fmt.Sprintf("%d:%s %s@%d", a.Location, a.Name, a.Format, a.Offset)
			if a.Step == formats.StepInstance {
				s += " per instance"
			}
			attrs = append(attrs, s)
		}
		stride := fmt.Sprint(l.Stride)
		if l.Instanced() {
			stride += fmt.Sprintf(" (instance %d)", l.InstanceStride)
		}
		gbuffer := dash(l.GBufferShader)
		if l.GBufferStage != formats.GBufferSmooth {
			gbuffer += fmt.Sprintf(" (%s stage)", l.GBufferStage)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", handles[l.Name], l.Name, stride,
			strings.Join(attrs, ", "), dash(l.Shader), dash(l.ShadowShader), gbuffer, dash(l.TransparentShader))
	}
	tw.Flush()
	return 0
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// printConfigErrors prints one FILE:LINE:COL: message per problem.
func printConfigErrors(w io.Writer, err error) {
	var list config.Errors
	if errors.As(err, &list) {
		for _, e := range list {
			fmt.Fprintln(w, e.Error())
		}
		return
	}
	fmt.Fprintln(w, err)
}

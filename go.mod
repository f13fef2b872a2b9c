module github.com/sleakgo/sleak

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/go-gl/gl v0.0.0-20231021071112-07e5d0ea2e71
	github.com/go-gl/glfw/v3.3/glfw v0.0.0-20260823155953-d41da22a9587
	github.com/mlange-42/arche v0.15.3
	github.com/qmuntal/gltf v0.28.0
	github.com/vulkan-go/vulkan v0.0.0-20221209234627-c0a353ae26c8
)

require (
	golang.org/x/image v0.48.0
	golang.org/x/sys v0.50.0 // indirect
	golang.org/x/text v0.44.0 // indirect
)

package tournament

import (
	"context"

	"mcarena/config"
)

// runPreset resolves preset p against cfg and runs it, for the tests.
func runPreset(ctx context.Context, cfg *config.Config, p *config.Preset, path string, opt Options, progress func(Progress)) (int, error) {
	plan, err := NewPlan(cfg, p)
	if err != nil {
		return 0, err
	}
	return Run(ctx, plan, path, opt, progress)
}

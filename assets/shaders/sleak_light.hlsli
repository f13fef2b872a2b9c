// One punctual light's share of the light at a surface: the rule that
// sleak_lights_apply.hlsli writes out once for each place in a cluster's
// list (Wine's HLSL compiler takes no calls to user functions and wined3d
// runs no loops, so the light loop of sleak_lights.glsl is unrolled by
// including this text 32 times). It reads light slI of the grid and adds
// to slSum; everything else it reads is set up there.
float4 slP = sleakLights.Load(int3((int)slI, 1, 0)); // position, 1/range^2
float4 slLc = sleakLights.Load(int3((int)slI, 2, 0)); // colour, cone scale
float4 slLd = sleakLights.Load(int3((int)slI, 3, 0)); // direction, cone offset
float3 slV = slP.xyz - slPos;
float slD2 = dot(slV, slV);
float3 slL = normalize(slV);
float slF = slD2 * slP.w;
float slWin = saturate(1.0 - slF * slF);
float slCone = saturate(dot(-slL, slLd.xyz) * slLc.w + slLd.w);
float slNdl = max(dot(slNrm, slL), 0.0);
float3 slH = normalize(slL + slEye);
float slNdh = max(dot(slNrm, slH), 0.0);
float slQ = slNdh * slNdh * (slA2 - 1.0) + 1.0;
float slVis = 0.25 / ((slNdl * (1.0 - slK) + slK) * (slNdv * (1.0 - slK) + slK));
float slX = 1.0 - max(dot(slEye, slH), 0.0);
float slX2 = slX * slX;
float3 slFr = slF0 + (1.0 - slF0) * (slX2 * slX2 * slX);
float3 slSpec = slFr * (slA2 / (slQ * slQ) * slVis);
slSum += (slDiffuse + slSpec) * slLc.rgb * (slWin * slWin / (slD2 + 1.0) * slCone * slCone * slNdl);

import { startDocsWorld } from "./tests/docs/_servers.ts";
await using w = await startDocsWorld();
const r = await w.run(w.substitutePorts(`
curl -s http://127.0.0.1:8402/x402/firewall-rules | jq -c '{version, weights, block_threshold, n: (.rules|length), r0: .rules[0]}'
curl -s -X POST http://127.0.0.1:8402/x402/fair-random -H 'content-type: application/json' -d '{"seed":"x","num_bytes":0}'; echo
curl -s -i -X POST http://127.0.0.1:8402/x402/fair-random -d 'x' | head -3; echo
curl -s http://127.0.0.1:8402/nope; echo
esim-rails call http://127.0.0.1:8402/x402/x402-check --data "$(cat examples/x402-check/valid-payment.json)" --key-file buyer.key | jq -c '.body | {status, service, capability_id, v: .result.valid, r: (.receipt|keys)}'
esim-rails call http://127.0.0.1:8402/x402/firewall-scan --data "$(cat examples/scan/poisoned-tools.json)" --key-file buyer.key | jq -c '.body | {status, service, allow: .verdict.allow, k: keys}'
esim-rails call http://127.0.0.1:8402/x402/mcp-diff --data "{\\"old\\": $(cat examples/diff/approved.json), \\"new\\": $(cat examples/diff/rug-pull.json)}" --key-file buyer.key | jq -c '.body | {status, service, v: .result.verdict, reasons: .result.reasons, signals: .result.signals[0]}'
curl -s http://127.0.0.1:8402/ ; echo
curl -s -X POST http://127.0.0.1:8402/status -H 'content-type: application/json' -d '{"order_id":"ord_x","token":"t"}'; echo
esim-rails check http://127.0.0.1:8402 --country DE | tail -5
`));
console.log(r.code, r.output);

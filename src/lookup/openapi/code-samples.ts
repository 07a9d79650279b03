// Copy-paste requests for the reference page and for any OpenAPI tool that reads
// `x-codeSamples` (Redoc, Scalar): curl, JavaScript's fetch and Python's requests. The key
// comes from the environment (PI_API_KEY), never from the sample itself.

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

const BEARER_SHELL = `-H "Authorization: Bearer $PI_API_KEY"`;
const BEARER_JS = 'headers: { Authorization: `Bearer ${process.env.PI_API_KEY}` }';
const BEARER_PYTHON = `headers={"Authorization": f"Bearer {os.environ['PI_API_KEY']}"}`;

/** A double-quoted string for the shell, JavaScript and Python alike (names hold no `"`). */
const quoted = (text: string) => JSON.stringify(text);

export function singleLookupSamples(serverUrl: string, productName: string): CodeSample[] {
  const url = `${serverUrl}/v1/product-intelligence`;
  return [
    {
      lang: 'Shell',
      label: 'curl',
      // -G with --data-urlencode puts the name in the query string, percent-encoded.
      source: `curl -G ${quoted(url)} \\
  --data-urlencode ${quoted(`product_name=${productName}`)} \\
  ${BEARER_SHELL}`,
    },
    {
      lang: 'JavaScript',
      label: 'fetch',
      source: `const url = new URL(${quoted(url)});
url.searchParams.set('product_name', ${quoted(productName)});
const response = await fetch(url, {
  ${BEARER_JS},
});
console.log(await response.json());`,
    },
    {
      lang: 'Python',
      label: 'requests',
      source: `import os
import requests

response = requests.get(
    ${quoted(url)},
    params={"product_name": ${quoted(productName)}},
    ${BEARER_PYTHON},
    timeout=10,
)
print(response.json())`,
    },
  ];
}

export function batchLookupSamples(serverUrl: string, productNames: string[]): CodeSample[] {
  const url = `${serverUrl}/v1/product-intelligence/batch`;
  const body = JSON.stringify({ product_names: productNames });
  const python = `{"product_names": [${productNames.map(quoted).join(', ')}]}`;
  return [
    {
      lang: 'Shell',
      label: 'curl',
      source: `curl ${quoted(url)} \\
  ${BEARER_SHELL} \\
  -H "Content-Type: application/json" \\
  -d '${body}'`,
    },
    {
      lang: 'JavaScript',
      label: 'fetch',
      source: `const response = await fetch(${quoted(url)}, {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.PI_API_KEY}\`,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify(${body}),
});
console.log(await response.json());`,
    },
    {
      lang: 'Python',
      label: 'requests',
      source: `import os
import requests

response = requests.post(
    ${quoted(url)},
    json=${python},
    ${BEARER_PYTHON},
    timeout=10,
)
print(response.json())`,
    },
  ];
}

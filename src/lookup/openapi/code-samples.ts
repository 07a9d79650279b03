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

/** A GET of `url` with `params` in its query string, percent-encoded. */
function getSamples(url: string, params: [name: string, value: string][]): CodeSample[] {
  // -G with --data-urlencode puts each parameter in the query string, percent-encoded.
  const curl = params.map(
    ([name, value]) => `  --data-urlencode ${quoted(`${name}=${value}`)} \\\n`,
  );
  const js = params.map(([name, value]) => `url.searchParams.set('${name}', ${quoted(value)});\n`);
  const python = params.map(([name, value]) => `${quoted(name)}: ${quoted(value)}`);
  return [
    {
      lang: 'Shell',
      label: 'curl',
      source: `curl ${params.length > 0 ? '-G ' : ''}${quoted(url)} \\
${curl.join('')}  ${BEARER_SHELL}`,
    },
    {
      lang: 'JavaScript',
      label: 'fetch',
      source: `const url = new URL(${quoted(url)});
${js.join('')}const response = await fetch(url, {
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
${python.length > 0 ? `    params={${python.join(', ')}},\n` : ''}    ${BEARER_PYTHON},
    timeout=10,
)
print(response.json())`,
    },
  ];
}

export const singleLookupSamples = (serverUrl: string, productName: string): CodeSample[] =>
  getSamples(`${serverUrl}/v1/product-intelligence`, [['product_name', productName]]);

export const categoryListSamples = (serverUrl: string): CodeSample[] =>
  getSamples(`${serverUrl}/v1/categories`, []);

/** A category's page, with its query's parameters (the key goes in the path). */
export const categoryPageSamples = (
  serverUrl: string,
  key: string,
  params: [name: string, value: string][],
): CodeSample[] =>
  getSamples(`${serverUrl}/v1/categories/${encodeURIComponent(key)}/products`, params);

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

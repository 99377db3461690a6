/** A fetch that throws unless the response is ok (the project's shared HTTP helper). */
export async function successfulFetch(request: string, options?: RequestInit): Promise<Response> {
  const response = await fetch(request, options);
  if (!response.ok) {
    throw new Error(`Fetch failed with status '${response.status}' for request '${request}'`);
  }
  return response;
}


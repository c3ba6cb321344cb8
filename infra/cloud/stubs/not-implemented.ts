/**
 * Stand-in for a handler module that has not been written yet, bundled only into sandbox deploys made
 * with `--context allowMissingHandlers=true`. An API call answers 501 in the API's error shape; a
 * workflow state or queue consumer throws, so the workflow's catch sends the invoice to review and a
 * queue message is retried, then dead-lettered, instead of being dropped.
 */
export const handler = async (event: unknown): Promise<unknown> => {
  const isHttp = typeof event === 'object' && event !== null && 'httpMethod' in event;
  if (!isHttp) throw new Error(`Not implemented: ${process.env.MISSING_HANDLER ?? 'handler'}`);
  return {
    statusCode: 501,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: JSON.stringify({
      message: `Not implemented yet: ${process.env.MISSING_HANDLER ?? 'handler'}`,
      code: 'not_implemented',
    }),
  };
};

// The service's icon: the dashboard's "PI" mark. The SVG is the source; FAVICON_ICO holds it
// rendered by Chromium at 16, 32 and 48 px as PNGs in an ICO container, for the clients that
// ask for /favicon.ico and read no SVG. Change both together.

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#4338ca"/><path d="M9 25V7.5h6.5a5 5 0 0 1 0 10H9M23 7.5V25" fill="none" stroke="#fff" stroke-width="3.6" stroke-linejoin="round"/></svg>`;

export const FAVICON_ICO = Buffer.from(
  [
    'AAABAAMAEBAAAAEAIADGAQAANgAAACAgAAABACAAqAIAAPwBAAAwMAAAAQAgAOwDAACkBAAAiVBORw0KGgoAAAAN',
    'SUhEUgAAABAAAAAQCAYAAAAf8/9hAAABe0lEQVR4nJxTTUgCQRh9s65/iYqSYFBoEYhUCB0y6BDYtUOXLt0D6STd',
    'vOWpTkmnLhEd+oG6VFCngo5FEnQsisyCFNGgJCyXpm83V5Q2t3ywzDczbx5v33wjApyNhVMznPEoOAKMwYgm4BwV',
    'xvgNlSvHp0NJFgmfx2ghiRZAYnGRhmj9YiBog8UqqATksu/IPX1oK5BrkSz71fnIqAuJhd4fvCwJLC9lUHqV8HBf',
    'RrFQ+T4P5iUHMKtEp1NUxsdMGQUiCQJDsM8Gb4epJrw4n8bhfl49Yha1nG1vZGskl9uI1a0B2B0GLSoE6OC5WMHd',
    '7duv+5oOunwWhAbtSu3rtqI/ZP+fwOSUV/nqIQcpZ/EnATVEVK/x5KiIdo8Js3F/cwGhmsjOZhYHe/kG4viERxnp',
    '2hugG6IeDD2d03PqRO68YkHC5cVLrVn09lhk+CxNHeVDCyDRK/kX1tAqONs1+ByxFDNKcpu56HG4yU3TXDi4RMav',
    'qVj/LLUlvgAAAP//E4/nUgAAAAZJREFUAwCaOIZaqIBZoQAAAABJRU5ErkJggolQTkcNChoKAAAADUlIRFIAAAAg',
    'AAAAIAgGAAAAc3p69AAAAl1JREFUeJzsl09rE0EYxp+ZbJpmRVptqlhEbJtqRYOpEJuDB62IJqAfQUX8AgXBg956',
    'EpGcRBFPetCLSBVt8VB7TFqoUahVqRJEtrapUJTEprE7zqw07vbP7ma7zV76u2R2dmaeJzvv+w4jQcfx6JtGX6Dc',
    'y8DihCAKkB1wBTbDGLIEJL1Y8qeGs11zS2/IUqMnPpogYPd5swUbi8JALg+lYwMVAyeOZk5TSgZRQ7iJpDBBjkXe',
    'bQvI8+Pcyi7UFqVI/kSkOrl0wQNxQUtQ9Z+X+L7HzUY1NErY2xZc9V25zJD7XESxqMIJQltihEf8/1g0kDgbQu/V',
    'VlCf+UJTSgmDz2fx6IECtQovmvbJ+Ahba0DqTici0a2wy8R4AX3XJhGLN6CpuU7r+5FfwIv+/JpzJLMFA/UWf30Z',
    'Bw5uQd/NDjD+FcL7Za3v40TBuQE9377OI3UjZ+jz+Qha24M4lQghvO+fYHuHbBhDCDFd19SAfq4ItLdjv1aMGRv9',
    'iSePp3Hv4SG0hYOoFgqXePVyFk4w/QKMwTb5mQU4wfYWWLG9yQ8n2A5CK5LnmuEE21sgyxSHjxhrQiULzoS0X9cN',
    '6Nm9px63bndajvsy+RvqIqvUAWYRSK5lgeDD+wKuX/kEVae5rjpgF3EWDDzL87NgqqrMqcrAapVwvaehpQE7ldBq',
    'nhWuxoATNg14boD0dGe+81zdCQ/gRWqa8oDNwiOENmWMemZAaFOVSnd59ZpDjRGaQpsOp7ty/OkSagy/ml0U2loW',
    'DI10PxV3Nd5UsPGIy2nydSbWLx4MRdOL6/lfAAAA//+r29WhAAAABklEQVQDAGgG3YcLN2XhAAAAAElFTkSuQmCC',
    'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAYAAABXAvmHAAADoUlEQVR4nOyaW0gUURjH/2dmVq3IG2VpEUUFUQ9e',
    'SneXKMwuFPRQ0IMvYVTQ7cXqoaCHHqJ6KKS3DCrp8txDD5FdcAPR3bxTZlakgUqYmXhl3WZO39lSTKecccfZHfAH',
    'y8ye8+3Z7z9zvvPNOWcU/IMCb00eV7XNEkMWBzIZY5mwEc55E/1nI+esUVLx6kVtboOeHZtckJ/VkCwnhG7QaRFi',
    'BM7BydGbatB1wdeY3Tex7i8B23Nf74aMO3SagdikCyqOvKzJezpWMC6gwF27izGtHE5AxZ4xEWEB4W4TH3pH39Lh',
    'DLr6QtLaurpNw5L4Rs6XOsh5QUayopaIE+b1VqXO15RvJECCk+DQKLrTpPmqvNVxzgt++7xF4YzlMxO/y8lNxLr1',
    'C6C4ptc8PKTi04ch+gxjcECF1XBIHoUOHp10oMvFq2uwJT8FM6H76yjKn/Tg4V0aCVUOS5C4hxItW2fEdtFi14yd',
    'F6QtjcPBwxkovbcBq1bPgxUwjiyFLn6SEeOUVBesQDgvRJRcbUfzm0GcPr9yik3JlTZ0dgSnb4x8VxAFZJmh+NxK',
    'XL/chszshVPq5y2QjTYFwwKYmUg3gMvFcLJ4hX6liRCJ+A4cL2oOjzJ6xMUzZCxLwLadqSg8mB6+8hNJSo68A8zq',
    '+D8a5Gj/PIKyW50oPtYCzfqR1L4E1tI8hAdlnbCaiAWYiY1K3w9DdmbajLgTchMB96V9xJAdtzOIzVwto7nE3jtg',
    'wjYrJ9GQnZk2I78DBu3EuH/kxHJDtmZSji0xkJyi0CPDKqQtiYMRbI2BvfvS0Nsb0q2Lp0SWTokse2MiFiYafzyw',
    'V8D+xZgp9TX94fnFZMwEcdRmYuLx425ph35lrAuoeN6Ls6feQ9P0+4qtQWyG/v6fuHapDdWVfbCKWRUw0K/SpGUA',
    'b5sG6TOA1pYhhEIWTSf/ELGAE4ea8bF1GNHCecspk5gTEG3mBESbOQHRxnAe+N4Twv07XbrlM8WKNlmBO+Cn3UA3',
    'HAjtZAZocReNcCjCd4kmD44VIHyXNMYdK0D4LvkC7oDoS3AY5HOF8F0S2wQaiyukzXBjy2YxAHWdPkVOKBS+h/OA',
    'z5/dzsGOwiHQvl7Rs6rMbnE+nsgq/HmPxA44xHZ+7CJeNdhT4c99PFYwZfq5Y2NtElfU27Q0cAAxBHWbMi3oOvPf',
    'lz0mku/2L5che8jCS7/20jGHiuNhD0FaX6yni1hNx2oVqt8X8OguYfwCAAD//xLFe+0AAAAGSURBVAMAp0I0gTRV',
    'Uz0AAAAASUVORK5CYII=',
  ].join(''),
  'base64',
);
